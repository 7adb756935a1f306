/**
 * Resolving a future prediction on its target date (docs/product.md#hit-rule). Prices are compared on the prediction's
 * own basis: bars come split-adjusted as of today, so if a split (or a dividend adjustment) happened after the
 * prediction, today's adjusted close of the prediction date differs from the stored `priceAtPrediction`; their ratio
 * converts the target-date close back to the basis the hit range was fixed on. A split can then never cause a false
 * miss.
 */
import type { DailyBar, Prediction } from '@stockseer/contract';
import { assertInvariant } from '../errors';
import { resolveOutcome } from './hitRule';

export type Resolution =
  | { kind: 'resolved'; status: 'hit' | 'missed'; actualPrice: number }
  /** The target date's close is not known yet (a data gap, or the date has not closed yet): stays active. */
  | { kind: 'pending'; reason: string };

const roundCents = (price: number) => Math.round(price * 100) / 100;

export function resolvePrediction(
  prediction: Pick<Prediction, 'predictionDate' | 'targetDate' | 'priceAtPrediction' | 'hitLow' | 'hitHigh'>,
  bars: readonly DailyBar[],
): Resolution {
  const atPrediction = bars.find((b) => b.date === prediction.predictionDate);
  const atTarget = bars.find((b) => b.date === prediction.targetDate);
  if (!atTarget) return { kind: 'pending', reason: `no close for ${prediction.targetDate} yet` };
  if (!atPrediction) return { kind: 'pending', reason: `no close for ${prediction.predictionDate} to align prices` };
  const basis = atPrediction.close / prediction.priceAtPrediction;
  assertInvariant(
    Number.isFinite(basis) && basis > 0,
    () => `bad price basis ${basis} for ${prediction.predictionDate}`,
  );
  const actualPrice = roundCents(atTarget.close / basis);
  return { kind: 'resolved', status: resolveOutcome(prediction, actualPrice), actualPrice };
}
