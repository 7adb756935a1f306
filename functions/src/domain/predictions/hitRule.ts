/**
 * The hit rule (docs/product.md#hit-rule): the hit range fixed when a prediction is made, and the outcome on its target
 * date. (The cost label shown beside a prediction is the contract's.)
 */
import { HIT_BAND_FRACTION, type Prediction, type TimeFrame } from '@stockseer/contract';
import { assertInvariant } from '../errors';

/**
 * `targetPrice ∓ band × priceAtPrediction`, each end rounded to the nearest cent. Rounded because the range is
 * stored and shown on the card in cents, and `resolveOutcome` compares with these stored ends, so what the user
 * reads is exactly the rule applied (a close one cent outside the shown range never counts as a hit).
 */
export function hitRange(
  priceAtPrediction: number,
  targetPrice: number,
  timeFrame: TimeFrame,
): { hitLow: number; hitHigh: number } {
  assertInvariant(
    Number.isFinite(priceAtPrediction) && priceAtPrediction > 0,
    () => `price at prediction must be > 0, got ${priceAtPrediction}`,
  );
  assertInvariant(Number.isFinite(targetPrice), () => `target price must be a number, got ${targetPrice}`);
  // In cents, so the only rounding is the final one.
  const bandCents = HIT_BAND_FRACTION[timeFrame] * priceAtPrediction * 100;
  const targetCents = targetPrice * 100;
  return {
    hitLow: Math.round(targetCents - bandCents) / 100,
    hitHigh: Math.round(targetCents + bandCents) / 100,
  };
}

/**
 * A hit when the close on the target date lies in `[hitLow, hitHigh]`, both ends included. The close must be on the
 * same share basis as the prediction, i.e. split-adjusted back to `predictionDate` (after a 4:1 split, a close of
 * $100 is compared as $400); otherwise a split would turn every prediction across it into a false miss.
 */
export function resolveOutcome(
  prediction: Pick<Prediction, 'hitLow' | 'hitHigh'>,
  closeOnTargetDate: number,
): 'hit' | 'missed' {
  assertInvariant(
    Number.isFinite(closeOnTargetDate) && closeOnTargetDate > 0,
    () => `close on target date must be > 0, got ${closeOnTargetDate}`,
  );
  const { hitLow, hitHigh } = prediction;
  return hitLow <= closeOnTargetDate && closeOnTargetDate <= hitHigh ? 'hit' : 'missed';
}
