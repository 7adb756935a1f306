/**
 * How far a price may wander in h trading days, from past daily log returns. Recent volatility matters most
 * (volatility clusters) but a quiet month alone understates risk, so recent and yearly variance are blended.
 */
import { Z80, type LogChange } from './result';
import { logReturns, tail, variance } from './series';

const RECENT_DAYS = 63;
const YEAR_DAYS = 252;
const RECENT_WEIGHT = 0.5;
/**
 * Daily returns are fat-tailed: most moves are smaller than a normal law of the same variance predicts, so
 * +/- Z80 standard deviations covered about 85% of outcomes in the benchmark (docs/model-accuracy.md), not 80%.
 */
const FAT_TAIL_FACTOR = 0.92;

/** Standard deviation of one day's log return. Needs at least 2 returns. */
export function dailyVolatility(returns: readonly number[]): number {
  const recent = variance(tail(returns, RECENT_DAYS));
  const year = variance(tail(returns, YEAR_DAYS));
  return Math.sqrt(RECENT_WEIGHT * recent + (1 - RECENT_WEIGHT) * year);
}

/** Half-width in log space of an 80% interval for the h-day log change, assuming independent daily returns. */
export function intervalHalfWidth(returns: readonly number[], horizon: number): number {
  return FAT_TAIL_FACTOR * Z80 * dailyVolatility(returns) * Math.sqrt(horizon);
}

/** An 80% band of the usual width around a model's point log change, from the last year of closes. */
export function bandAround(closes: readonly number[], horizon: number, point: number): LogChange {
  const halfWidth = intervalHalfWidth(logReturns(tail(closes, YEAR_DAYS + 1)), horizon);
  return { point, lower: point - halfWidth, upper: point + halfWidth };
}
