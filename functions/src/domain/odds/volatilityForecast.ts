/**
 * A forecast of the spread of a stock's return to a target date, with a term structure (HAR-RV, Corsi 2009): the
 * log of the realised daily volatility over the next h trading days is a linear blend of the logs of the realised
 * volatility over the last week, month, quarter and year, one set of coefficients per time frame. How much of
 * today's volatility persists to the target date differs by horizon: a week ahead the last week counts most, three
 * months ahead the year does. The coefficients are fitted per calibration vintage on the outcomes known before its
 * date (bench/odds/volatilityFit.ts) and kept in calibrationParams.json; the inputs read only the closes given.
 */
import { assertInvariant } from '../errors';
import { tail } from '../models/series';

/** Trading days of each realised volatility the forecast blends: a week, a month, a quarter, a year. */
export const REALISED_WINDOWS = [5, 21, 63, 252] as const;
/** Closes the inputs read: a year of returns. */
export const VOLATILITY_CLOSES = REALISED_WINDOWS.at(-1)! + 1;
/** Returns needed for a forecast: a month (a shorter history's longer windows use what there is). */
const MIN_RETURNS = 21;
/** Floor of a realised daily volatility before its log: a week of unchanged closes is calm, not infinitely so. */
const VOLATILITY_FLOOR = 1e-4;

/** ln of the root mean square of daily log returns: the realised daily volatility of a span, on a log scale. */
export function logRealisedVolatility(returns: readonly number[]): number {
  assertInvariant(returns.length > 0, 'a realised volatility needs at least one return');
  const meanSquare = returns.reduce((sum, r) => sum + r * r, 0) / returns.length;
  return Math.log(Math.max(VOLATILITY_FLOOR, Math.sqrt(meanSquare)));
}

/**
 * The forecast's inputs on the last of `closes` (oldest first): the log realised volatility over each of
 * REALISED_WINDOWS, the longer ones over what the closes hold; null with fewer than a month of returns.
 */
export function realisedVolatilityInputs(closes: readonly number[]): number[] | null {
  const recent = tail(closes, VOLATILITY_CLOSES);
  const returns: number[] = [];
  for (let i = 1; i < recent.length; i++) returns.push(Math.log(recent[i]! / recent[i - 1]!));
  if (returns.length < MIN_RETURNS) return null;
  return REALISED_WINDOWS.map((days) => logRealisedVolatility(tail(returns, days)));
}

/** The coefficients of one horizon: ln vol = intercept + sum of weights[i] x input i. */
export interface VolatilityCoefficients {
  readonly intercept: number;
  /** One per REALISED_WINDOWS, in its order. */
  readonly weights: readonly number[];
}

/** The forecast daily volatility over the horizon of `c`. */
export function forecastDailyVolatility(inputs: readonly number[], c: VolatilityCoefficients): number {
  assertInvariant(inputs.length === c.weights.length, 'one weight per realised volatility');
  return Math.exp(inputs.reduce((z, x, i) => z + c.weights[i]! * x, c.intercept));
}
