/**
 * Calibrating the chance of a hit (docs/product.md#chance-of-a-hit, docs/model-accuracy.md).
 *
 * A model's own P(hit) reads the spread of the outcome off its 80% interval, and that interval comes from recent
 * volatility: the spread of its chances is too wide (a calm spell's high odds and a storm's low odds both
 * overshoot, as volatility reverts), most at 30 days. The calibration is a logistic recalibration per time frame:
 *   logit P = intercept + modelLogit x logit(model's P) + recentVolatility x ln(1-month vol / band vol),
 * one set of coefficients shared by the models whose interval is the shared volatility band (Prophet, ARIMA and the
 * baselines, domain/models/volatility.ts), and one of its own for XGBoost, whose interval comes from its own
 * validation residuals and whose chances spread differently.
 * The second input says whether the last month was stormier or calmer than the 3-month / 1-year blend that the
 * band is built on: a week ahead, the last month matters more than the band gives it.
 *
 * The coefficients are fitted once by `npm run bench:odds:fit` (bench/odds/fit.ts) on 178 stocks over a calibration
 * period that ends before every evaluated origin, and kept in calibrationParams.json with the split and the data
 * they came from. A P(hit) itself uses only the closes up to its prediction date: no outcome, and no price after it.
 */
import { TimeFrame, type ModelId } from '@stockseer/contract';
import { assertInvariant } from '../errors';
import { dailyVolatility } from '../models/volatility';
import { logReturns, tail, variance } from '../models/series';
import { modelHitProbability, type RangedForecast } from './hitProbability';
import stored from './calibrationParams.json';

/** The recalibration of one time frame: logit P = intercept + modelLogit x logit(modelP) + recentVolatility x v. */
export interface CalibrationCoefficients {
  readonly intercept: number;
  readonly modelLogit: number;
  readonly recentVolatility: number;
}

/** The parameter file: what was fitted, on what, and when (bench/odds/fit.ts writes it). */
export interface CalibrationParams {
  readonly version: number;
  readonly method: string;
  /** Outcomes whose target date is on or before this date were fitted on; the evaluation starts after it. */
  readonly calibrationEnd: string;
  readonly fittedAt: string;
  readonly fittedOn: {
    readonly folders: readonly string[];
    readonly stocks: number;
    readonly models: readonly string[];
    readonly forecasts: Record<TimeFrame, number>;
    readonly originsPerStock: number;
  };
  /** For every model not in `modelCoefficients`. */
  readonly coefficients: Record<TimeFrame, CalibrationCoefficients>;
  /** Models with coefficients of their own. */
  readonly modelCoefficients: Partial<Record<ModelId, Record<TimeFrame, CalibrationCoefficients>>>;
}

/** Trading days of the "recent" volatility the calibration compares with the band's. */
const RECENT_VOLATILITY_DAYS = 21;
/** Closes needed for the full inputs: a year of returns for the band's volatility. */
export const ODDS_CLOSES = 253;
/** The model's chance is clamped away from 0 and 1 before its logit (a zero-width band gives exactly 0 or 1). */
const PROBABILITY_FLOOR = 1e-3;

function assertParams(params: CalibrationParams): CalibrationParams {
  const sets = [params.coefficients, ...Object.values(params.modelCoefficients ?? {})];
  for (const set of sets) {
    for (const timeFrame of TimeFrame.options) {
      const c = set?.[timeFrame];
      assertInvariant(
        c !== undefined && [c.intercept, c.modelLogit, c.recentVolatility].every(Number.isFinite),
        () => `calibrationParams.json lacks finite coefficients for ${timeFrame}`,
      );
    }
  }
  return params;
}

/** The coefficients of a model and time frame: its own, or the shared ones. */
export function coefficientsFor(
  modelId: ModelId,
  timeFrame: TimeFrame,
  params: CalibrationParams = CALIBRATION_PARAMS,
): CalibrationCoefficients {
  return (params.modelCoefficients[modelId] ?? params.coefficients)[timeFrame];
}

/** The fitted calibration the app uses (generate, preview, back-tests). */
export const CALIBRATION_PARAMS: CalibrationParams = assertParams(stored as CalibrationParams);

/** What the calibration reads from the stock's closes up to the prediction date, besides the model's own chance. */
export interface OddsFeatures {
  /** ln(volatility of the last 21 daily returns / the band's volatility), 0 with too little history. */
  readonly recentVolatility: number;
}

/**
 * The features of a forecast made on the last of `closes` (oldest first): only these closes, so nothing after the
 * prediction date can reach the odds. Reads the last ODDS_CLOSES at most.
 */
export function oddsFeatures(closes: readonly number[]): OddsFeatures {
  if (closes.length < RECENT_VOLATILITY_DAYS + 2) return { recentVolatility: 0 };
  const returns = logReturns(tail(closes, ODDS_CLOSES));
  const band = dailyVolatility(returns);
  const recent = Math.sqrt(variance(tail(returns, RECENT_VOLATILITY_DAYS)));
  if (!(band > 0) || !(recent > 0)) return { recentVolatility: 0 };
  return { recentVolatility: Math.log(recent / band) };
}

export const logit = (p: number) => {
  const q = Math.min(1 - PROBABILITY_FLOOR, Math.max(PROBABILITY_FLOOR, p));
  return Math.log(q / (1 - q));
};
const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** The recalibrated chance from the model's own chance and the features, in (0, 1). */
export function recalibrate(modelP: number, features: OddsFeatures, c: CalibrationCoefficients): number {
  return logistic(c.intercept + c.modelLogit * logit(modelP) + c.recentVolatility * features.recentVolatility);
}

/** The calibrated chance of a hit of a ranged forecast, in (0, 1). */
export function calibratedHitProbability(
  forecast: RangedForecast,
  { modelId, timeFrame }: { modelId: ModelId; timeFrame: TimeFrame },
  features: OddsFeatures,
  params: CalibrationParams = CALIBRATION_PARAMS,
): number {
  return recalibrate(modelHitProbability(forecast), features, coefficientsFor(modelId, timeFrame, params));
}
