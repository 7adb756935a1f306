/**
 * Refitting the calibration (functions/src/domain/odds/calibration.ts) walk-forward: a vintage of coefficients per
 * refit date, each a logistic regression of the outcome on logit(model's own P) and the recent-volatility feature,
 * fitted only on outcomes whose target date is before the vintage's date, optionally the newer outcomes weighing more
 * (a half-life in years). The app's vintages (calibrationParams.json, bench/odds/fitCalibration.ts) are yearly with
 * equal weights; bench:odds:methods compares that with other schedules and weights.
 */
import { TimeFrame } from '@stockseer/contract';
import { addCalendarDays } from '../../functions/src/domain/calendar';
import { assertInvariant } from '../../functions/src/domain/errors';
import { logit, recalibrate } from '../../functions/src/domain/odds/calibration';
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

/** One evaluated forecast as the calibration reads it. */
export interface CalibrationSample {
  readonly modelId: ModelId;
  readonly timeFrame: TimeFrame;
  readonly predictionDate: string;
  readonly targetDate: string;
  readonly modelP: number;
  readonly recentVolatility: number;
  /** 1 when the forecast hit under the app's rule. */
  readonly hit: number;
}

/** Every forecast of the results whose model did not fail, in the results' order. */
export function calibrationSamples(results: readonly EvaluationResult[]): CalibrationSample[] {
  return results.flatMap((r) =>
    r.forecasts.flatMap((f) =>
      f.modelProbability === null
        ? []
        : [
            {
              modelId: r.modelId,
              timeFrame: TIME_FRAME_OF_HORIZON[r.horizon]!,
              predictionDate: f.predictionDate,
              targetDate: f.targetDate,
              modelP: f.modelProbability,
              recentVolatility: f.recentVolatility!,
              hit: forecastHit(f, r.horizon),
            },
          ],
    ),
  );
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
 * known before it (target date < from), and nothing else.
 */
export function fitCoefficients(
  samples: readonly CalibrationSample[],
  timeFrame: TimeFrame,
  from: string,
  recency: Recency,
  models: ModelFilter,
): { coefficients: CalibrationCoefficients; forecasts: number } {
  const known = samples.filter((s) => s.timeFrame === timeFrame && models(s.modelId) && s.targetDate < from);
  const { halfLifeYears } = recency;
  const [intercept, modelLogit, recentVolatility] = logisticRegression(
    known.map((s) => [logit(s.modelP), s.recentVolatility]),
    known.map((s) => s.hit),
    halfLifeYears === null
      ? {}
      : { weights: known.map((s) => 0.5 ** (yearsBetween(s.targetDate, from) / halfLifeYears)) },
  );
  return {
    coefficients: { intercept: intercept!, modelLogit: modelLogit!, recentVolatility: recentVolatility! },
    forecasts: known.length,
  };
}

/** The vintage serving predictions from `from` on: one set shared by the models not in `own`, one per model of it. */
export function fitVintage(
  samples: readonly CalibrationSample[],
  from: string,
  recency: Recency,
  own: readonly ModelId[],
): CalibrationVintage {
  const perTimeFrame = (models: ModelFilter) =>
    Object.fromEntries(
      TimeFrame.options.map((t) => [t, fitCoefficients(samples, t, from, recency, models).coefficients]),
    ) as Record<TimeFrame, CalibrationCoefficients>;
  const present = new Set(samples.map((s) => s.modelId));
  return {
    from,
    forecasts: Object.fromEntries(
      TimeFrame.options.map((t) => [t, samples.filter((s) => s.timeFrame === t && s.targetDate < from).length]),
    ) as Record<TimeFrame, number>,
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
  const c = vintageCoefficients(vintageFor(vintages, sample.predictionDate), sample.modelId, sample.timeFrame);
  return recalibrate(sample.modelP, sample, c);
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
