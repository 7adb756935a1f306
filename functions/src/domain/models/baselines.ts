/**
 * The yardsticks: "no change" (naive) and a random walk with drift. A model is only worth showing if it beats them;
 * the benchmark's MASE is relative to naive.
 */
import { defineModel } from './result';
import { assertInvariant } from '../errors';
import type { ForecastModel } from './types';
import { bandAround } from './volatility';
import { MODEL_LABELS } from '@stockseer/contract';

/** Ten years of trading days: a long window, because a short-window mean return is mostly noise. */
export const DRIFT_WINDOW = 2520;

/**
 * Mean daily log return over the drift window. The mean of ln(c[i+1] / c[i]) telescopes to ln(last / first) over
 * the number of days: one division instead of a pass over ten years (the odds back-test calls this at every origin).
 */
export function driftPerDay(closes: readonly number[]): number {
  const first = Math.max(0, closes.length - 1 - DRIFT_WINDOW);
  const days = closes.length - 1 - first;
  assertInvariant(days > 0, 'drift needs at least two closes');
  return Math.log(closes[closes.length - 1]! / closes[first]!) / days;
}

/**
 * Keeps `weight` of a model's departure from the drift forecast. Daily prices are close to a random walk, so a
 * model's full signal mostly adds variance; shrinking toward drift trades a little bias for much less error.
 */
export function shrinkTowardDrift(driftChange: number, modelChange: number, weight: number): number {
  return driftChange + weight * (modelChange - driftChange);
}

export const naiveModel: ForecastModel = defineModel({
  id: 'naive',
  name: MODEL_LABELS.naive,
  minCloses: 30,
  predict: (closes, horizon) => bandAround(closes, horizon, 0),
});

export const driftModel: ForecastModel = defineModel({
  id: 'drift',
  name: MODEL_LABELS.drift,
  minCloses: 30,
  predict: (closes, horizon) => bandAround(closes, horizon, driftPerDay(closes) * horizon),
});
