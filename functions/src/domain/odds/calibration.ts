/**
 * Calibrating the chance of a hit (docs/product.md#chance-of-a-hit, docs/model-accuracy.md).
 *
 * A model's own P(hit) reads the spread of the outcome off its 80% interval, and that interval comes from recent
 * volatility: the spread of its chances is too wide (a calm spell's high odds and a storm's low odds both
 * overshoot, as volatility reverts), most at 30 days. The calibration is a logistic recalibration per time frame:
 *   logit P = intercept + modelLogit x logit(model's P) + forecastLogit x logit(P under the volatility forecast)
 *             + recentVolatility x ln(1-month vol / band vol),
 * one set of coefficients shared by the models whose interval is the shared volatility band (Prophet, ARIMA and the
 * baselines, domain/models/volatility.ts), and one of its own for XGBoost, whose interval comes from its own
 * validation residuals and whose chances spread differently.
 * The second input is the chance of the model's target under a forecast of the spread to the target date
 * (volatilityForecast.ts: how much of the last week's, month's, quarter's and year's volatility persists to that
 * horizon), in place of the spread the model's interval assumes. The third says whether the last month was stormier
 * or calmer than the 3-month / 1-year blend that the band is built on.
 *
 * The coefficients are fitted by `npm run bench:odds:fit` (bench/odds/fit.ts) on 178 stocks, a vintage a year, each
 * on the outcomes known before its date (calibrationVintages.ts), and kept in calibrationParams.json with the data they
 * came from, each vintage with its volatility forecast. A P(hit) uses the vintage of its prediction date and the closes
 * up to that date: no outcome unknown on that day, and no price after it.
 */
import { TIME_FRAME_DAYS, type ModelId, type TimeFrame } from '@stockseer/contract';
import { dailyVolatility } from '../models/volatility';
import { logReturns, tail, variance } from '../models/series';
import { modelHitProbability, volatilityHitProbability, type RangedForecast } from './hitProbability';
import {
  forecastDailyVolatility,
  realisedVolatilityInputs,
  VOLATILITY_CLOSES,
  type VolatilityCoefficients,
} from './volatilityForecast';
import stored from './calibrationParams.json';
import {
  parseCalibrationParams,
  vintageCoefficients,
  vintageFor,
  type CalibrationCoefficients,
  type CalibrationParams,
} from './calibrationVintages';

/** The fitted calibration the app uses (generate, preview, back-tests, the live chance). */
export const CALIBRATION_PARAMS: CalibrationParams = parseCalibrationParams(stored);

/** Trading days of the "recent" volatility the calibration compares with the band's. */
const RECENT_VOLATILITY_DAYS = 21;
/** Closes needed for the full inputs: a year of returns for the band's and the volatility forecast's. */
export const ODDS_CLOSES = VOLATILITY_CLOSES;
/** The model's chance is clamped away from 0 and 1 before its logit (a zero-width band gives exactly 0 or 1). */
const PROBABILITY_FLOOR = 1e-3;

/** The coefficients of a model and time frame for a prediction made on `predictionDate`: its vintage's. */
export function coefficientsFor(
  modelId: ModelId,
  timeFrame: TimeFrame,
  predictionDate: string,
  params: CalibrationParams = CALIBRATION_PARAMS,
): CalibrationCoefficients {
  return vintageCoefficients(vintageFor(params.vintages, predictionDate), modelId, timeFrame);
}

/** What the calibration reads from the stock's closes up to the prediction date, besides the forecast itself. */
export interface OddsFeatures {
  /** ln(volatility of the last 21 daily returns / the band's volatility), 0 with too little history. */
  readonly recentVolatility: number;
  /** The volatility forecast's inputs (volatilityForecast.ts); null with under a month of returns. */
  readonly volatilityInputs: readonly number[] | null;
}

/**
 * The features of a forecast made on the last of `closes` (oldest first): only these closes, so nothing after the
 * prediction date can reach the odds. Reads the last ODDS_CLOSES at most.
 */
export function oddsFeatures(closes: readonly number[]): OddsFeatures {
  const recent = tail(closes, ODDS_CLOSES);
  const volatilityInputs = realisedVolatilityInputs(recent);
  if (closes.length < RECENT_VOLATILITY_DAYS + 2) return { recentVolatility: 0, volatilityInputs };
  const returns = logReturns(recent);
  const band = dailyVolatility(returns);
  const recentVolatility = Math.sqrt(variance(tail(returns, RECENT_VOLATILITY_DAYS)));
  if (!(band > 0) || !(recentVolatility > 0)) return { recentVolatility: 0, volatilityInputs };
  return { recentVolatility: Math.log(recentVolatility / band), volatilityInputs };
}

export const logit = (p: number) => {
  const q = Math.min(1 - PROBABILITY_FLOOR, Math.max(PROBABILITY_FLOOR, p));
  return Math.log(q / (1 - q));
};
const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** What the coefficients weigh: the model's own chance, the chance under the volatility forecast, recent volatility. */
export interface OddsInputs {
  readonly modelP: number;
  readonly forecastP: number;
  readonly recentVolatility: number;
}

/**
 * The chance of the model's target under the volatility forecast over `days` trading days; the model's own chance
 * when the history is too short for a forecast.
 */
export function forecastChance(
  forecast: Pick<RangedForecast, 'targetPrice' | 'hitLow' | 'hitHigh'>,
  modelP: number,
  volatilityInputs: readonly number[] | null,
  volatility: VolatilityCoefficients,
  days: number,
): number {
  if (volatilityInputs === null) return modelP;
  return volatilityHitProbability(forecast, forecastDailyVolatility(volatilityInputs, volatility), days);
}

/** The recalibrated chance from its inputs, in (0, 1). */
export function recalibrate(inputs: OddsInputs, c: CalibrationCoefficients): number {
  return logistic(
    c.intercept +
      c.modelLogit * logit(inputs.modelP) +
      c.forecastLogit * logit(inputs.forecastP) +
      c.recentVolatility * inputs.recentVolatility,
  );
}

/**
 * The calibrated chance of a hit of a ranged forecast made on `predictionDate`, `days` trading days ahead (by
 * default the time frame's), in (0, 1): the vintage of that date's volatility forecast and coefficients.
 */
export function calibratedHitProbability(
  forecast: RangedForecast,
  {
    modelId,
    timeFrame,
    predictionDate,
    days = TIME_FRAME_DAYS[timeFrame],
  }: { modelId: ModelId; timeFrame: TimeFrame; predictionDate: string; days?: number },
  features: OddsFeatures,
  params: CalibrationParams = CALIBRATION_PARAMS,
): number {
  const vintage = vintageFor(params.vintages, predictionDate);
  const modelP = modelHitProbability(forecast);
  const forecastP = forecastChance(forecast, modelP, features.volatilityInputs, vintage.volatility[timeFrame], days);
  return recalibrate(
    { modelP, forecastP, recentVolatility: features.recentVolatility },
    vintageCoefficients(vintage, modelId, timeFrame),
  );
}
