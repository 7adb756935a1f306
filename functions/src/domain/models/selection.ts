import { TimeFrame, type ModelChoice } from '@stockseer/contract';
import type { ForecastModelId } from './types';

/**
 * The initial "recommended" model per time frame: the user model with the lowest MASE on breadth, i.e. the 178 stocks
 * of ../shared/market-data (daily + universe) at the evaluation origins of `npm run bench:odds` (36 per stock and
 * horizon, 2012 to 2021; tables in docs/model-accuracy.md), not the 30 stocks alone. Admins can change the defaults
 * later; re-run the benchmark and update this when a model changes. The margins are small (MASE 1.001 ARIMA vs 1.003
 * XGBoost vs 1.011 Prophet at 7 days, 0.983 vs 0.990 vs 0.993 at 30, XGBoost 0.976 vs ARIMA 0.981 vs Prophet 1.008
 * at 90), none beats the drift baseline (1.000, 0.982, 0.974), and ARIMA's and Prophet's chances of a hit are also the
 * better calibrated at 30 days (docs/model-accuracy.md#chance-of-a-hit).
 */
export const RECOMMENDED_DEFAULTS: Record<TimeFrame, ForecastModelId> = {
  short: 'arima',
  medium: 'arima',
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
