/**
 * Refitting the calibration (functions/src/domain/odds/calibration.ts) walk-forward: a vintage of coefficients per
 * refit date, its volatility forecast (bench/odds/volatilityFit.ts) then a logistic regression of the outcome on
 * logit(model's own P) and the inputs of APP_INPUTS,
 * fitted only on outcomes whose target date is before the vintage's date, optionally the newer outcomes weighing more
 * (a half-life in years). The app's vintages (calibrationParams.json, bench/odds/fitCalibration.ts) are yearly with
 * equal weights; bench:odds:methods compares that with other schedules and weights.
 */
import { TIME_FRAME_DAYS, TimeFrame } from '@stockseer/contract';
import { addCalendarDays } from '../../functions/src/domain/calendar';
import { assertInvariant } from '../../functions/src/domain/errors';
import { forecastChance, logit, recalibrate, type OddsInputs } from '../../functions/src/domain/odds/calibration';
import type { VolatilityCoefficients } from '../../functions/src/domain/odds/volatilityForecast';
import { hitRange } from '../../functions/src/domain/predictions/hitRule';
import {
  vintageCoefficients,
  vintageFor,
  type CalibrationCoefficients,
  type CalibrationVintage,
} from '../../functions/src/domain/odds/calibrationVintages';
import type { ModelId } from '../../functions/src/domain/models/types';
import type { EvaluationResult } from '../models/evaluate';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import { forecastHit } from '../models/oddsMetrics';
import { logisticRegression } from './logistic';
import { fitVolatility, type VolatilityInputsAt, type VolatilitySample } from './volatilityFit';

/** One evaluated forecast as the calibration reads it. */
export interface CalibrationSample {
  readonly modelId: ModelId;
  readonly timeFrame: TimeFrame;
  readonly predictionDate: string;
  readonly targetDate: string;
  readonly modelP: number;
  readonly recentVolatility: number;
  /** The volatility forecast's inputs on the prediction date (null with under a month of returns). */
  readonly volatilityInputs: readonly number[] | null;
  /** The model's target and the hit range: what the chance under the volatility forecast reads. */
  readonly range: { readonly targetPrice: number; readonly hitLow: number; readonly hitHigh: number };
  /** 1 when the forecast hit under the app's rule. */
  readonly hit: number;
}

/** What a vintage is fitted on: the models' scored forecasts, and the stocks' prices for the volatility forecast. */
export interface FitData {
  readonly samples: readonly CalibrationSample[];
  readonly volatility: readonly VolatilitySample[];
}

/** Every forecast of the results whose model did not fail, in the results' order. */
export function calibrationSamples(
  results: readonly EvaluationResult[],
  volatilityInputsAt: VolatilityInputsAt,
): CalibrationSample[] {
  return results.flatMap((r) => {
    const timeFrame = TIME_FRAME_OF_HORIZON[r.horizon]!;
    return r.forecasts.flatMap((f) =>
      f.modelProbability === null
        ? []
        : [
            {
              modelId: r.modelId,
              timeFrame,
              predictionDate: f.predictionDate,
              targetDate: f.targetDate,
              modelP: f.modelProbability,
              recentVolatility: f.recentVolatility!,
              volatilityInputs: volatilityInputsAt(r.symbol, f.predictionDate),
              range: {
                targetPrice: f.forecast!.targetPrice,
                ...hitRange(f.priceAtPrediction, f.forecast!.targetPrice, timeFrame),
              },
              hit: forecastHit(f, r.horizon),
            },
          ],
    );
  });
}

/**
 * Which inputs a fit reads beside logit(model P); the coefficients of the others are 0. APP_INPUTS are the app's:
 * version 3's recent volatility alone, as the chance under the volatility forecast did not do better on held-out
 * stocks (bench:odds:fit --folds, docs/model-accuracy.md#stocks-held-out).
 */
export type CalibrationInput = 'forecastLogit' | 'recentVolatility';
export const APP_INPUTS: readonly CalibrationInput[] = ['recentVolatility'];

/** The inputs of a sample with the vintage's volatility forecast of its time frame. */
export function sampleInputs(sample: CalibrationSample, volatility: VolatilityCoefficients): OddsInputs {
  const { modelP, range, volatilityInputs, timeFrame } = sample;
  return {
    modelP,
    forecastP: forecastChance(range, modelP, volatilityInputs, volatility, TIME_FRAME_DAYS[timeFrame]),
    recentVolatility: sample.recentVolatility,
  };
}

/** How the outcomes of a vintage weigh: 0.5 ^ (age in years / half-life); null weighs them all alike. */
export type Recency = { readonly halfLifeYears: number | null };

const DAY_MS = 24 * 3600 * 1000;
const yearsBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / (365.25 * DAY_MS);
/** The calendar day after `date` (YYYY-MM-DD). */
export const dayAfter = (date: string) => addCalendarDays(date, 1);

/** Which models' forecasts a fit pools: all, one, or all but some. */
export type ModelFilter = (modelId: ModelId) => boolean;

/**
 * The coefficients of one time frame and set of models for predictions from `from` on: fitted on the outcomes
 * known before it (target date < from), and nothing else, each sample's chance under `volatility` as an input.
 */
export function fitCoefficients(
  samples: readonly CalibrationSample[],
  timeFrame: TimeFrame,
  from: string,
  recency: Recency,
  models: ModelFilter,
  volatility: VolatilityCoefficients,
  inputs: readonly CalibrationInput[] = APP_INPUTS,
): { coefficients: CalibrationCoefficients; forecasts: number } {
  const known = samples.filter((s) => s.timeFrame === timeFrame && models(s.modelId) && s.targetDate < from);
  const { halfLifeYears } = recency;
  const features = known.map((s) => {
    const x = sampleInputs(s, volatility);
    const extra = { forecastLogit: logit(x.forecastP), recentVolatility: x.recentVolatility };
    return [logit(x.modelP), ...inputs.map((input) => extra[input])];
  });
  const [intercept, modelLogit, ...rest] = logisticRegression(
    features,
    known.map((s) => s.hit),
    halfLifeYears === null
      ? {}
      : { weights: known.map((s) => 0.5 ** (yearsBetween(s.targetDate, from) / halfLifeYears)) },
  );
  const fitted = (input: CalibrationInput) => (inputs.includes(input) ? rest[inputs.indexOf(input)]! : 0);
  return {
    coefficients: {
      intercept: intercept!,
      modelLogit: modelLogit!,
      forecastLogit: fitted('forecastLogit'),
      recentVolatility: fitted('recentVolatility'),
    },
    forecasts: known.length,
  };
}

/** The volatility forecast of every time frame for predictions from `from` on. */
export function fitVolatilityVintage(
  volatility: readonly VolatilitySample[],
  from: string,
): CalibrationVintage['volatility'] {
  return Object.fromEntries(
    TimeFrame.options.map((t) => [t, fitVolatility(volatility, TIME_FRAME_DAYS[t], from)]),
  ) as CalibrationVintage['volatility'];
}

/**
 * The vintage serving predictions from `from` on: its volatility forecast, then one set of coefficients shared by
 * the models not in `own`, one per model of it.
 */
export function fitVintage(
  { samples, volatility }: FitData,
  from: string,
  recency: Recency,
  own: readonly ModelId[],
  inputs: readonly CalibrationInput[] = APP_INPUTS,
): CalibrationVintage {
  const forecastVolatility = fitVolatilityVintage(volatility, from);
  const perTimeFrame = (models: ModelFilter) =>
    Object.fromEntries(
      TimeFrame.options.map((t) => [
        t,
        fitCoefficients(samples, t, from, recency, models, forecastVolatility[t], inputs).coefficients,
      ]),
    ) as Record<TimeFrame, CalibrationCoefficients>;
  const present = new Set(samples.map((s) => s.modelId));
  return {
    from,
    forecasts: Object.fromEntries(
      TimeFrame.options.map((t) => [t, samples.filter((s) => s.timeFrame === t && s.targetDate < from).length]),
    ) as Record<TimeFrame, number>,
    volatility: forecastVolatility,
    coefficients: perTimeFrame((m) => !own.includes(m)),
    modelCoefficients: Object.fromEntries(
      own.filter((m) => present.has(m)).map((m) => [m, perTimeFrame((id) => id === m)]),
    ),
  };
}

/** The chance of a forecast as the app computes it, with the vintage of its prediction date (vintages oldest first). */
export function vintageChance(sample: CalibrationSample, vintages: readonly CalibrationVintage[]): number {
  // A scored forecast always has a vintage fitted before it: the app's fallback to the first is not for the bench.
  assertInvariant(vintages[0]!.from <= sample.predictionDate, 'a scored forecast precedes every vintage');
  return chanceWith(sample, vintageFor(vintages, sample.predictionDate));
}

/** The chance of a forecast with the coefficients and volatility forecast of `vintage`. */
export function chanceWith(sample: CalibrationSample, vintage: CalibrationVintage): number {
  const c = vintageCoefficients(vintage, sample.modelId, sample.timeFrame);
  return recalibrate(sampleInputs(sample, vintage.volatility[sample.timeFrame]), c);
}

/** The first day of every `months`-th month from `first` (a YYYY-MM-01 date) up to `last`. */
export function refitDates(first: string, last: string, months: number): string[] {
  const dates: string[] = [];
  const day = new Date(`${first}T00:00:00Z`);
  while (day.toISOString().slice(0, 10) <= last) {
    dates.push(day.toISOString().slice(0, 10));
    day.setUTCMonth(day.getUTCMonth() + months);
  }
  return dates;
}
