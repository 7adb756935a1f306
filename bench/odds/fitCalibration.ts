/**
 * The fit of the calibration (functions/src/domain/odds/calibration.ts): a vintage a year, the first on the day after
 * the calibration period, then every 12 months up to the last outcome. Each vintage is, per time frame, the volatility
 * forecast's least squares on the stocks' prices, then one logistic regression of the outcome on logit(model's own P)
 * and the inputs of APP_INPUTS, pooled over every stock, once
 * for the models sharing the volatility band and once for each model of OWN_COEFFICIENT_MODELS, on the outcomes
 * whose target date is before the vintage's date (bench/odds/vintages.ts), every one weighing the same.
 */
import type { TimeFrame } from '@stockseer/contract';
import type {
  CalibrationCoefficients,
  CalibrationParams,
  CalibrationVintage,
} from '../../functions/src/domain/odds/calibrationVintages';
import type { ModelId } from '../../functions/src/domain/models/types';
import { assertInvariant } from '../../functions/src/domain/errors';
import { evaluate, type EvaluationResult } from '../models/evaluate';
import type { PriceHistory } from '../lib/marketData';
import type { OriginsPerStock } from './cli';
import { HORIZONS, periodTasks } from './tasks';
import { APP_INPUTS, calibrationSamples, dayAfter, fitVintage, refitDates, type CalibrationInput } from './vintages';
import { priceInputs, type PriceInputs } from './volatilityFit';

/**
 * Models fitted on their own: XGBoost's 80% interval comes from its own validation residuals, so its chances spread
 * differently from those of the models sharing the volatility band (on the calibration period its own slope on
 * logit P is 0.68 at 30 days against 0.79 to 0.84 for the others in the fit of 2026-11-27: bench:odds:fit prints them).
 */
export const OWN_COEFFICIENT_MODELS: readonly ModelId[] = ['xgboost'];

/** Months between vintages: yearly, chosen inside the calibration period (docs/model-accuracy.md, bench:odds:methods). */
const REFIT_MONTHS = 12;

/**
 * The app's vintages, oldest first, from forecasts on both sides of the calibration end (a vintage reads only the
 * outcomes before its date, so the later forecasts serve the later vintages and nothing earlier).
 */
export function fitCalibration(
  results: readonly EvaluationResult[],
  calibrationEnd: string,
  prices: PriceInputs,
  inputs: readonly CalibrationInput[] = APP_INPUTS,
  own: readonly ModelId[] = OWN_COEFFICIENT_MODELS,
): CalibrationVintage[] {
  const first = dayAfter(calibrationEnd);
  assertInvariant(first.endsWith('-01'), 'the calibration period ends on the last day of a month');
  const samples = calibrationSamples(results, prices.inputsAt);
  // The volatility forecast too is fitted on these results' stocks only (held-out folds leave the others out).
  const symbols = new Set(results.map((r) => r.symbol));
  const data = { samples, volatility: prices.volatility.filter((s) => symbols.has(s.symbol)) };
  const lastOutcome = samples.reduce((last, s) => (s.targetDate > last ? s.targetDate : last), first);
  return refitDates(first, lastOutcome, REFIT_MONTHS).map((from) =>
    fitVintage(data, from, { halfLifeYears: null }, own, inputs),
  );
}

/** Rounded to 4 decimals: the file stays readable, and 1e-4 moves a chance by far less than a point. */
const round4 = (x: number) => Number(x.toFixed(4));
const rounded = (c: CalibrationCoefficients): CalibrationCoefficients => ({
  intercept: round4(c.intercept),
  modelLogit: round4(c.modelLogit),
  forecastLogit: round4(c.forecastLogit),
  recentVolatility: round4(c.recentVolatility),
});

/** The parameter file's content; the version moves on only when the vintages change. */
export function calibrationParams(
  vintages: readonly CalibrationVintage[],
  context: {
    previous: CalibrationParams | null;
    calibrationEnd: string;
    fittedAt: string;
    folders: readonly string[];
    stocks: number;
    models: readonly ModelId[];
    originsPerStock: OriginsPerStock;
  },
): CalibrationParams {
  const roundedSet = (set: Record<TimeFrame, CalibrationCoefficients>) =>
    Object.fromEntries(Object.entries(set).map(([t, c]) => [t, rounded(c)])) as Record<
      TimeFrame,
      CalibrationCoefficients
    >;
  const stored = vintages.map((v) => ({
    ...v,
    volatility: Object.fromEntries(
      Object.entries(v.volatility).map(([t, c]) => [
        t,
        { intercept: round4(c.intercept), weights: c.weights.map(round4) },
      ]),
    ) as CalibrationVintage['volatility'],
    coefficients: roundedSet(v.coefficients),
    modelCoefficients: Object.fromEntries(Object.entries(v.modelCoefficients).map(([m, set]) => [m, roundedSet(set)])),
  }));
  const { previous } = context;
  const same = previous !== null && JSON.stringify(previous.vintages) === JSON.stringify(stored);
  return {
    version: previous === null ? 1 : same ? previous.version : previous.version + 1,
    method:
      'logit P = intercept + modelLogit x logit(model P) + forecastLogit x logit(P under the volatility forecast) + ' +
      'recentVolatility x ln(21-day vol / band vol), per time frame; the volatility forecast ln vol = intercept + ' +
      'weights x ln realised vol over the last 5, 21, 63 and 252 days, per time frame, least squares on every ' +
      "stock's origins every 5 days; one set shared by the models of the shared volatility band, one per model in " +
      'modelCoefficients; a vintage every 12 months from the day after calibrationEnd, each a logistic regression ' +
      'on every outcome dated before it; a prediction uses the newest vintage dated on or before its prediction date; ' +
      "each stock's origins shifted by a phase of its own (bench/odds/fit.ts, origins.ts)",
    calibrationEnd: context.calibrationEnd,
    fittedAt: same ? previous.fittedAt : context.fittedAt,
    fittedOn: {
      folders: [...context.folders],
      stocks: context.stocks,
      models: [...context.models],
      originsPerStock: context.originsPerStock,
    },
    vintages: stored,
  };
}

/** The evaluation tasks of the fit: every stock, model and horizon, on both sides of the calibration end. */
export function fitTasks(
  histories: readonly PriceHistory[],
  models: readonly ModelId[],
  origins: OriginsPerStock,
  calibrationEnd: string,
) {
  return [
    ...periodTasks(histories, models, origins.calibration, { kind: 'calibration', calibrationEnd }),
    ...periodTasks(histories, models, origins.evaluation, { kind: 'evaluation', calibrationEnd }),
  ];
}

/** Evaluates both periods in this process (no pool) and fits the vintages: for tests and small data. */
export async function fitInProcess(
  histories: readonly PriceHistory[],
  models: readonly ModelId[],
  origins: OriginsPerStock,
  calibrationEnd: string,
): Promise<CalibrationVintage[]> {
  const results = await Promise.all(fitTasks(histories, models, origins, calibrationEnd).map(evaluate));
  return fitCalibration(results, calibrationEnd, priceInputs(histories, HORIZONS));
}
