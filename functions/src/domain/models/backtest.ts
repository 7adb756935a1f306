/**
 * Walk-forward back-test (docs/product.md#past-predictions): forecasts made at past origins, each from the data up to
 * its origin only, set beside what actually happened. The naive and drift baselines run on the same origins so their
 * hit rates can be shown beside.
 */
import type { DailyBar } from '@stockseer/contract';
import { assertInvariant } from '../errors';
import { driftModel, naiveModel } from './baselines';
import type { ForecastModel } from './types';

export const BACKTEST_ORIGINS = 20;

export interface BacktestPoint {
  readonly predictionDate: string;
  readonly priceAtPrediction: number;
  readonly targetDate: string;
  readonly targetPrice: number;
  readonly lowerPrice: number;
  readonly upperPrice: number;
  readonly actualPrice: number;
}

export interface Backtest {
  readonly modelId: ForecastModel['id'];
  readonly modelName: string;
  readonly horizon: number;
  /** Oldest origin first. */
  readonly points: BacktestPoint[];
  /** The naive forecast at the same origins, same order. */
  readonly naive: BacktestPoint[];
  /** The random walk with drift at the same origins, same order. */
  readonly drift: BacktestPoint[];
}

/** Spacing of back-test origins: half the horizon, at least a trading week. */
export function originSpacing(horizon: number): number {
  return Math.max(5, Math.floor(horizon / 2));
}

/**
 * Indices of the `count` most recent origins whose target (origin + h) is inside a series of `length` days,
 * `spacing` apart, oldest first; origins before `firstAllowed` (too little history) are dropped.
 */
export function walkForwardOrigins(
  length: number,
  horizon: number,
  count: number,
  spacing: number,
  firstAllowed: number,
): number[] {
  const origins: number[] = [];
  for (let origin = length - 1 - horizon; origin >= firstAllowed && origins.length < count; origin -= spacing) {
    origins.unshift(origin);
  }
  return origins;
}

function pointAt(
  bars: readonly DailyBar[],
  closes: readonly number[],
  model: ForecastModel,
  origin: number,
  horizon: number,
): BacktestPoint {
  // The slice is the no-look-ahead guarantee: the model never receives a close after its origin.
  const forecast = model.forecast({ closes: closes.slice(0, origin + 1), horizon });
  return {
    predictionDate: bars[origin]!.date,
    priceAtPrediction: closes[origin]!,
    targetDate: bars[origin + horizon]!.date,
    targetPrice: forecast.targetPrice,
    lowerPrice: forecast.lowerPrice,
    upperPrice: forecast.upperPrice,
    actualPrice: closes[origin + horizon]!,
  };
}

/** Bars oldest first, split-adjusted. Fewer than 20 points when the history is short. */
export function backtest(bars: readonly DailyBar[], model: ForecastModel, horizon: number): Backtest {
  assertInvariant(
    bars.every((bar, i) => i === 0 || bars[i - 1]!.date < bar.date),
    'back-test bars must be in date order without duplicates',
  );
  const closes = bars.map((bar) => bar.close);
  const firstAllowed = Math.max(model.minCloses, naiveModel.minCloses, driftModel.minCloses) - 1;
  const origins = walkForwardOrigins(bars.length, horizon, BACKTEST_ORIGINS, originSpacing(horizon), firstAllowed);
  return {
    modelId: model.id,
    modelName: model.name,
    horizon,
    points: origins.map((origin) => pointAt(bars, closes, model, origin, horizon)),
    naive: origins.map((origin) => pointAt(bars, closes, naiveModel, origin, horizon)),
    drift: origins.map((origin) => pointAt(bars, closes, driftModel, origin, horizon)),
  };
}
