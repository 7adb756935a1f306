/**
 * The fit of the calibration (functions/src/domain/odds/calibration.ts): per time frame, one logistic regression of
 * the outcome on logit(model's own P) and the recent-volatility feature, pooled over every stock, once for the models
 * sharing the volatility band and once for each model of OWN_COEFFICIENT_MODELS, on the outcomes of the calibration
 * period only (target date on or before its end): bench/odds/vintages.ts's vintage of the day after it.
 */
import { TimeFrame } from '@stockseer/contract';
import type { CalibrationCoefficients, CalibrationParams } from '../../functions/src/domain/odds/calibration';
import type { ModelId } from '../../functions/src/domain/models/types';
import { evaluate, type EvaluationResult } from '../models/evaluate';
import type { PriceHistory } from '../lib/marketData';
import { periodTasks } from './tasks';
import { calibrationSamples, dayAfter, fitCoefficients as fitBefore, fitVintage, type ModelFilter } from './vintages';

/**
 * Models fitted on their own: XGBoost's 80% interval comes from its own validation residuals, so its chances spread
 * differently from those of the models sharing the volatility band (on the calibration period its own slope on
 * logit P is 0.68 at 30 days against 0.79 to 0.84 for the others in the fit of 2026-11-27: bench:odds:fit prints them).
 */
export const OWN_COEFFICIENT_MODELS: readonly ModelId[] = ['xgboost'];

export interface CalibrationFit {
  /** Shared by every model not in OWN_COEFFICIENT_MODELS, fitted on their forecasts pooled. */
  readonly coefficients: Record<TimeFrame, CalibrationCoefficients>;
  readonly modelCoefficients: Partial<Record<ModelId, Record<TimeFrame, CalibrationCoefficients>>>;
  /** Calibration-period forecasts fitted on, all models. */
  readonly forecasts: Record<TimeFrame, number>;
}

const everyModel: ModelFilter = () => true;

/** One set's coefficients of a time frame, fitted on the outcomes known by the end of the calibration period. */
export function fitCoefficients(
  results: readonly EvaluationResult[],
  timeFrame: TimeFrame,
  calibrationEnd: string,
  models: ModelFilter = everyModel,
): { coefficients: CalibrationCoefficients; forecasts: number } {
  // The no-look-ahead rule of the fit: an outcome counts only if known by the end of the calibration period.
  return fitBefore(calibrationSamples(results), timeFrame, dayAfter(calibrationEnd), { halfLifeYears: null }, models);
}

/** The app's fit: the vintage of the day after the calibration period, every outcome weighing the same. */
export function fitCalibration(
  results: readonly EvaluationResult[],
  calibrationEnd: string,
  own: readonly ModelId[] = OWN_COEFFICIENT_MODELS,
): CalibrationFit {
  const samples = calibrationSamples(results);
  const { coefficients, modelCoefficients } = fitVintage(
    samples,
    dayAfter(calibrationEnd),
    { halfLifeYears: null },
    own,
  );
  return {
    coefficients,
    modelCoefficients,
    forecasts: Object.fromEntries(
      // Counted, not fitted: how many forecasts of each time frame the calibration period holds.
      TimeFrame.options.map((t) => [
        t,
        samples.filter((s) => s.timeFrame === t && s.targetDate <= calibrationEnd).length,
      ]),
    ) as Record<TimeFrame, number>,
  };
}

/** Rounded to 4 decimals: the file stays readable, and 1e-4 moves a chance by far less than a point. */
const rounded = (c: CalibrationCoefficients): CalibrationCoefficients => ({
  intercept: Number(c.intercept.toFixed(4)),
  modelLogit: Number(c.modelLogit.toFixed(4)),
  recentVolatility: Number(c.recentVolatility.toFixed(4)),
});

/** The parameter file's content; the version moves on only when the coefficients change. */
export function calibrationParams(
  fit: CalibrationFit,
  context: {
    previous: CalibrationParams | null;
    calibrationEnd: string;
    fittedAt: string;
    folders: readonly string[];
    stocks: number;
    models: readonly ModelId[];
    originsPerStock: number;
  },
): CalibrationParams {
  const roundedSet = (set: Record<TimeFrame, CalibrationCoefficients>) =>
    Object.fromEntries(Object.entries(set).map(([t, c]) => [t, rounded(c)])) as Record<
      TimeFrame,
      CalibrationCoefficients
    >;
  const coefficients = roundedSet(fit.coefficients);
  const modelCoefficients = Object.fromEntries(
    Object.entries(fit.modelCoefficients).map(([m, set]) => [m, roundedSet(set)]),
  );
  const { previous } = context;
  const same =
    previous !== null &&
    JSON.stringify([previous.coefficients, previous.modelCoefficients]) ===
      JSON.stringify([coefficients, modelCoefficients]);
  return {
    version: previous === null ? 1 : same ? previous.version : previous.version + 1,
    method:
      'logit P = intercept + modelLogit x logit(model P) + recentVolatility x ln(21-day vol / band vol), ' +
      'per time frame; one set shared by the models of the shared volatility band, one per model in ' +
      "modelCoefficients; logistic regression on the calibration period, each stock's origins shifted by a phase of " +
      'its own (bench/odds/fit.ts, origins.ts)',
    calibrationEnd: context.calibrationEnd,
    fittedAt: same ? previous.fittedAt : context.fittedAt,
    fittedOn: {
      folders: context.folders,
      stocks: context.stocks,
      models: context.models,
      forecasts: fit.forecasts,
      originsPerStock: context.originsPerStock,
    },
    coefficients,
    modelCoefficients,
  };
}

/** Evaluates the calibration period in this process (no pool) and fits it: for tests and small data. */
export async function fitInProcess(
  histories: readonly PriceHistory[],
  models: readonly ModelId[],
  originsPerStock: number,
  calibrationEnd: string,
): Promise<CalibrationFit> {
  const tasks = periodTasks(histories, models, originsPerStock, { kind: 'calibration', calibrationEnd });
  const results = await Promise.all(tasks.map(evaluate));
  return fitCalibration(results, calibrationEnd);
}
