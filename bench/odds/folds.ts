/**
 * Stocks held out: the stocks are split into K groups by a hash of their symbol (stockFold: the same symbol always
 * lands in the same group, whatever else is in the run); for each group a method of turning the models' forecasts
 * into chances is fitted on the forecasts of the other groups only (every vintage, as bench:odds:fit does, with no
 * look-ahead), and the group's own forecasts of the evaluation period are scored with that fit.
 */
import { assertInvariant } from '../../functions/src/domain/errors';
import type { EvaluatedForecast, EvaluationResult } from '../models/evaluate';
import { forecastHit } from '../models/oddsMetrics';
import { stableFraction } from './origins';

/** The group of a stock among `folds`: a hash of its symbol, independent of the origins' phase (another key). */
export function stockFold(symbol: string, folds: number): number {
  assertInvariant(Number.isInteger(folds) && folds >= 2, 'held-out folds need at least two groups');
  return Math.floor(stableFraction(`fold:${symbol}`) * folds);
}

/** The chance a fitted method gives a forecast; null when the model failed at that origin. */
export type FittedChance = (result: EvaluationResult, forecast: EvaluatedForecast) => number | null;

/** A way of turning the models' forecasts into chances, fitted on some stocks' forecasts and applied to others'. */
export interface OddsMethod<Params = unknown> {
  readonly name: string;
  /** Fits on `train` (both periods: each vintage reads only the outcomes before its date). */
  fit(train: readonly EvaluationResult[]): { params: Params; chance: FittedChance };
}

/** One scored forecast of a held-out stock, with its fold. */
export interface FoldForecast {
  readonly fold: number;
  readonly stock: string;
  readonly model: string;
  readonly horizon: number;
  readonly originDate: string;
  readonly targetDate: string;
  readonly p: number;
  readonly hit: number;
  readonly priceAtPrediction: number;
  readonly actualPrice: number;
  readonly lowerPrice: number;
  readonly upperPrice: number;
}

/** Each fold's parameters, fitted on every stock outside it. */
export function foldFits<Params>(
  results: readonly EvaluationResult[],
  folds: number,
  method: OddsMethod<Params>,
): { params: Params; chance: FittedChance }[] {
  return Array.from({ length: folds }, (_, fold) =>
    method.fit(results.filter((r) => stockFold(r.symbol, folds) !== fold)),
  );
}

/** Which period's forecasts to score: origins after the calibration end, or targets on or before it. */
export type ScoredPeriod = 'evaluation' | 'calibration';

/**
 * Every forecast of the period of every stock, scored by its fold's fit: the evaluation period (origins after
 * `calibrationEnd`), or the calibration period (targets on or before it, served by the first vintage).
 */
export function heldOutForecasts(
  results: readonly EvaluationResult[],
  folds: number,
  method: OddsMethod,
  calibrationEnd: string,
  period: ScoredPeriod = 'evaluation',
): FoldForecast[] {
  const fits = foldFits(results, folds, method);
  return scoredForecasts(results, calibrationEnd, period, (symbol) => {
    const fold = stockFold(symbol, folds);
    return { fold, chance: fits[fold]!.chance };
  });
}

/** Every forecast of the period, each stock scored with the chance `assign` gives it (fold -1: a fit on all). */
export function scoredForecasts(
  results: readonly EvaluationResult[],
  calibrationEnd: string,
  period: ScoredPeriod,
  assign: (symbol: string) => { fold: number; chance: FittedChance },
): FoldForecast[] {
  const inPeriod = (f: EvaluatedForecast) =>
    period === 'evaluation' ? f.predictionDate > calibrationEnd : f.targetDate <= calibrationEnd;
  return results.flatMap((r) => {
    const { fold, chance } = assign(r.symbol);
    return r.forecasts.flatMap((f) => {
      if (!inPeriod(f) || f.forecast === null) return [];
      const p = chance(r, f);
      if (p === null) return [];
      return [
        {
          fold,
          stock: r.symbol,
          model: r.modelId,
          horizon: r.horizon,
          originDate: f.predictionDate,
          targetDate: f.targetDate,
          p,
          hit: forecastHit(f, r.horizon),
          priceAtPrediction: f.priceAtPrediction,
          actualPrice: f.actualPrice,
          lowerPrice: f.forecast.lowerPrice,
          upperPrice: f.forecast.upperPrice,
        },
      ];
    });
  });
}
