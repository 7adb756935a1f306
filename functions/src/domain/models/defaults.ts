import type { TimeFrame } from '@stockseer/contract';
import type { ForecastModelId } from './types';

/**
 * The initial "recommended" model per time frame: the user model with the lowest MASE in the accuracy benchmark
 * (`npm run bench:models`, tables in docs/model-accuracy.md). Admins can change the defaults later; re-run the
 * benchmark and update this when a model changes.
 */
export const RECOMMENDED_DEFAULTS: Record<TimeFrame, ForecastModelId> = {
  short: 'arima',
  medium: 'arima',
  long: 'arima',
};
