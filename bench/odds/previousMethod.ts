/**
 * The chance of a hit as the app computed it before issue 24 (commit 79caf24), kept only so that bench:odds can
 * print "before" beside "after" on the same forecasts: the model's own chance pulled toward the stock's walk-forward
 * hit rate of the drift baseline (one origin every 5 trading days over the bars a generate loads, outcomes known
 * before the prediction date only), P = baseRate + trust x (modelP - baseRate), trust 0.8 / 0.65 / 0.6 fitted on the
 * 30 stocks of 1999-2011, with a prior of 20 outcomes.
 */
import { TIME_FRAME_DAYS, type TimeFrame } from '@stockseer/contract';
import { driftModel } from '../../functions/src/domain/models/baselines';
import { hitRange, resolveOutcome } from '../../functions/src/domain/predictions/hitRule';

const OUTCOME_SPACING = 5;
const TRUST: Record<TimeFrame, number> = { short: 0.8, medium: 0.65, long: 0.6 };
const PRIOR_OUTCOMES = 20;

/** Hits and count of the drift back-test on `window` (dates and closes, oldest first) known before `predictionDate`. */
export function previousBaseRate(
  dates: readonly string[],
  closes: readonly number[],
  timeFrame: TimeFrame,
  predictionDate: string,
): { hits: number; outcomes: number } {
  const horizon = TIME_FRAME_DAYS[timeFrame];
  let hits = 0;
  let outcomes = 0;
  for (let origin = driftModel.minCloses - 1; origin + horizon < closes.length; origin += OUTCOME_SPACING) {
    if (dates[origin + horizon]! >= predictionDate) break;
    const forecast = driftModel.forecast({ closes: closes.slice(0, origin + 1), horizon });
    const range = hitRange(closes[origin]!, forecast.targetPrice, timeFrame);
    outcomes += 1;
    if (resolveOutcome(range, closes[origin + horizon]!) === 'hit') hits += 1;
  }
  return { hits, outcomes };
}

/** The previous calibrated chance, from the model's own chance and the base rate's hits and count. */
export function previousHitProbability(
  modelP: number,
  timeFrame: TimeFrame,
  { hits, outcomes }: { hits: number; outcomes: number },
): number {
  if (outcomes === 0) return modelP;
  const baseRate = hits / outcomes;
  const evidence = outcomes / (outcomes + PRIOR_OUTCOMES);
  const trust = 1 - evidence * (1 - TRUST[timeFrame]);
  return Math.min(1, Math.max(0, baseRate + trust * (modelP - baseRate)));
}
