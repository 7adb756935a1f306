/** The methods of turning the models' forecasts into chances that bench:odds:fit --folds compares on held-out stocks. */
import type { TimeFrame } from '@stockseer/contract';
import { assertInvariant } from '../../functions/src/domain/errors';
import { logit, recalibrate } from '../../functions/src/domain/odds/calibration';
import { volatilityHitProbability } from '../../functions/src/domain/odds/hitProbability';
import {
  forecastDailyVolatility,
  realisedVolatilityInputs,
  VOLATILITY_CLOSES,
  type VolatilityCoefficients,
} from '../../functions/src/domain/odds/volatilityForecast';
import { hitRange } from '../../functions/src/domain/predictions/hitRule';
import type { PriceHistory } from '../lib/marketData';
import type { EvaluatedForecast, EvaluationResult } from '../models/evaluate';
import { forecastHit } from '../models/oddsMetrics';
import { logisticRegression } from './logistic';
import { HORIZONS } from './tasks';
import { dayAfter, refitDates, type CalibrationSample } from './vintages';
import { volatilitySamples, fitVolatility } from './volatilityFit';
import {
  vintageCoefficients,
  vintageFor,
  type CalibrationVintage,
} from '../../functions/src/domain/odds/calibrationVintages';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { fitCalibration, OWN_COEFFICIENT_MODELS } from './fitCalibration';
import type { OddsMethod } from './folds';

/** The calibration of calibrationParams.json version 3: logit(model P) and the recent-volatility input. */
export function recentVolatilityMethod(calibrationEnd: string): OddsMethod<CalibrationVintage[]> {
  return {
    name: 'version 3: logit(model P) + ln(21-day vol / band vol)',
    fit(train) {
      const vintages = fitCalibration(train, calibrationEnd);
      return {
        params: vintages,
        chance: (r, f) =>
          f.modelProbability === null
            ? null
            : recalibrate(
                f.modelProbability,
                { recentVolatility: f.recentVolatility! },
                vintageCoefficients(
                  vintageFor(vintages, f.predictionDate),
                  r.modelId,
                  TIME_FRAME_OF_HORIZON[r.horizon]!,
                ),
              ),
      };
    },
  };
}

/** Which inputs the volatility-forecast calibration reads besides logit(model P) and logit(forecast P). */
export interface VolatilityMethodOptions {
  readonly recentVolatility: boolean;
}

interface Sample extends CalibrationSample {
  readonly horizon: number;
  readonly inputs: readonly number[] | null;
  readonly range: { targetPrice: number; hitLow: number; hitHigh: number };
}

/** A vintage of the candidate: the volatility forecast per horizon and the calibration's coefficients. */
export interface VolatilityVintage {
  readonly from: string;
  readonly volatility: Record<number, VolatilityCoefficients>;
  readonly coefficients: Record<string, Record<TimeFrame, number[]>>;
}

const SHARED = 'shared';

/**
 * The candidate: logit P = b0 + b1 logit(model P) + b2 logit(P under the volatility forecast) [+ b3 recent vol], the
 * volatility forecast (HAR-RV per horizon) and the b's fitted per vintage on the outcomes before its date.
 */
export function volatilityForecastMethod(
  calibrationEnd: string,
  histories: readonly PriceHistory[],
  options: VolatilityMethodOptions,
): OddsMethod<VolatilityVintage[]> {
  const volatility = volatilitySamples(histories, HORIZONS);
  const bySymbol = new Map(histories.map((h) => [h.symbol, h]));
  const inputsCache = new Map<string, readonly number[] | null>();
  const inputsAt = (symbol: string, date: string) => {
    const key = `${symbol} ${date}`;
    if (!inputsCache.has(key)) {
      const h = bySymbol.get(symbol)!;
      const index = h.dates.indexOf(date);
      assertInvariant(index >= 0, () => `${symbol} has no close on ${date}`);
      inputsCache.set(
        key,
        realisedVolatilityInputs(h.closes.slice(Math.max(0, index + 1 - VOLATILITY_CLOSES), index + 1)),
      );
    }
    return inputsCache.get(key)!;
  };
  const sampleOf = (r: EvaluationResult, f: EvaluatedForecast): Sample => ({
    modelId: r.modelId,
    timeFrame: TIME_FRAME_OF_HORIZON[r.horizon]!,
    horizon: r.horizon,
    predictionDate: f.predictionDate,
    targetDate: f.targetDate,
    modelP: f.modelProbability!,
    recentVolatility: f.recentVolatility!,
    hit: forecastHit(f, r.horizon),
    inputs: inputsAt(r.symbol, f.predictionDate),
    range: {
      targetPrice: f.forecast!.targetPrice,
      ...hitRange(f.priceAtPrediction, f.forecast!.targetPrice, TIME_FRAME_OF_HORIZON[r.horizon]!),
    },
  });
  const features = (s: Sample, c: VolatilityCoefficients) => {
    const forecastP =
      s.inputs === null ? s.modelP : volatilityHitProbability(s.range, forecastDailyVolatility(s.inputs, c), s.horizon);
    return [logit(s.modelP), logit(forecastP), ...(options.recentVolatility ? [s.recentVolatility] : [])];
  };
  const setOf = (modelId: string) => (OWN_COEFFICIENT_MODELS.includes(modelId as never) ? modelId : SHARED);
  return {
    name:
      'volatility forecast: logit(model P) + logit(P under the HAR-RV forecast)' +
      (options.recentVolatility ? ' + ln(21-day vol / band vol)' : ''),
    fit(train) {
      const symbols = new Set(train.map((r) => r.symbol));
      const ownVolatility = volatility.filter((s) => symbols.has(s.symbol));
      const samples = train.flatMap((r) =>
        r.forecasts.filter((f) => f.modelProbability !== null).map((f) => sampleOf(r, f)),
      );
      const first = dayAfter(calibrationEnd);
      const last = samples.reduce((max, s) => (s.targetDate > max ? s.targetDate : max), first);
      const vintages = refitDates(first, last, 12).map((from): VolatilityVintage => {
        const perHorizon = Object.fromEntries(HORIZONS.map((h) => [h, fitVolatility(ownVolatility, h, from)]));
        const known = samples.filter((s) => s.targetDate < from);
        const sets = [...new Set(known.map((s) => setOf(s.modelId)))];
        const coefficients = Object.fromEntries(
          sets.map((set) => [
            set,
            Object.fromEntries(
              HORIZONS.map((h) => {
                const mine = known.filter((s) => s.horizon === h && setOf(s.modelId) === set);
                return [
                  TIME_FRAME_OF_HORIZON[h]!,
                  logisticRegression(
                    mine.map((s) => features(s, perHorizon[h]!)),
                    mine.map((s) => s.hit),
                  ),
                ];
              }),
            ) as Record<TimeFrame, number[]>,
          ]),
        );
        return { from, volatility: perHorizon, coefficients };
      });
      return {
        params: vintages,
        chance: (r, f) => {
          if (f.modelProbability === null) return null;
          const s = sampleOf(r, f);
          const v = vintages.findLast((x) => x.from <= s.predictionDate) ?? vintages[0]!;
          const b = v.coefficients[setOf(r.modelId)]![s.timeFrame];
          const z = features(s, v.volatility[s.horizon]!).reduce((sum, x, i) => sum + b[i + 1]! * x, b[0]!);
          return 1 / (1 + Math.exp(-z));
        },
      };
    },
  };
}
