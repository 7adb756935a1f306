import { TimeFrame, type ModelChoice } from '@stockseer/contract';
import type { ForecastModelId } from './types';

/**
 * The initial "recommended" model per time frame: the user model with the lowest MASE in the accuracy benchmark
 * (`npm run bench:models`, tables in docs/model-accuracy.md). Admins can change the defaults later; re-run the
 * benchmark and update this when a model changes. The margins are small (MASE 0.986 vs 0.987 at 7 days, 0.945 vs
 * 0.947 at 30, 0.922 vs 0.927 at 90), and none of the three beats the drift baseline by much.
 */
export const RECOMMENDED_DEFAULTS: Record<TimeFrame, ForecastModelId> = {
  short: 'arima',
  medium: 'xgboost',
  long: 'xgboost',
};

/** The timeframes whose "recommended" model an admin has changed, and to what. */
export type DefaultModelOverrides = Partial<Record<TimeFrame, ForecastModelId>>;

/**
 * The model that runs for a user's choice: "recommended" is the admin's default for the timeframe (the benchmark's
 * best until an admin changes it); any other choice is the model itself.
 */
export function resolveModelChoice(
  choice: ModelChoice,
  timeFrame: TimeFrame,
  adminOverrides: DefaultModelOverrides,
): ForecastModelId {
  return choice === 'recommended' ? (adminOverrides[timeFrame] ?? RECOMMENDED_DEFAULTS[timeFrame]) : choice;
}

/** What "recommended" runs for each timeframe. */
export function recommendedModels(adminOverrides: DefaultModelOverrides): Record<TimeFrame, ForecastModelId> {
  return Object.fromEntries(
    TimeFrame.options.map((timeFrame) => [timeFrame, resolveModelChoice('recommended', timeFrame, adminOverrides)]),
  ) as Record<TimeFrame, ForecastModelId>;
}
