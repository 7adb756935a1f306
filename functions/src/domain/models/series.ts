/** Small numeric helpers over price series. Callers guarantee non-empty input where a statistic needs it. */
import { assertInvariant } from '../errors';

/** Daily log returns: r[i] = ln(closes[i+1] / closes[i]); one shorter than the input. */
export function logReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) returns.push(Math.log(closes[i]! / closes[i - 1]!));
  return returns;
}

export function mean(xs: readonly number[]): number {
  assertInvariant(xs.length > 0, 'mean of an empty series');
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Sample variance around the series' own mean. */
export function variance(xs: readonly number[]): number {
  assertInvariant(xs.length > 1, 'variance needs at least two values');
  const m = mean(xs);
  let sum = 0;
  for (const x of xs) sum += (x - m) ** 2;
  return sum / (xs.length - 1);
}

/** Linear-interpolated quantile, p in [0, 1]. */
export function quantile(xs: readonly number[], p: number): number {
  assertInvariant(xs.length > 0 && p >= 0 && p <= 1, 'quantile needs values and p in [0, 1]');
  const sorted = [...xs].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/** The last `count` values (all of them when shorter). */
export function tail<T>(xs: readonly T[], count: number): T[] {
  return xs.slice(Math.max(0, xs.length - count));
}
