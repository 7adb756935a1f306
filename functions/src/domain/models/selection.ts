import { TimeFrame, type ModelChoice } from '@stockseer/contract';
import type { ForecastModelId } from './types';

/**
 * The initial "recommended" model per time frame: the user model with the lowest MASE on breadth, i.e. the 178 stocks
 * of the benchmark's price data (daily + universe) at the evaluation origins of `npm run bench:odds` (2012 to 2021; tables
 * in docs/model-accuracy.md), not the 30 stocks alone. Admins can change the defaults later; re-run the benchmark and
 * update this when a model changes. The margins are a few thousandths of MASE and change places with the days
 * sampled: on the origins of 2026-11-25 ARIMA, ARIMA, XGBoost were lowest (1.001, 0.983, 0.976); on the origins of
 * 2026-11-27, each stock on days of its own, Prophet 0.995 vs ARIMA 0.996 at 7 days, XGBoost 0.992 vs ARIMA 0.998 at
 * 30, ARIMA 1.005 vs XGBoost 1.008 at 90. These were kept: no margin is meaningful, and XGBoost's 30-day chance of a
 * hit is the worst calibrated of the models (docs/model-accuracy.md#chance-of-a-hit).
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
