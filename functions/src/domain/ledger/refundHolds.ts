/**
 * What becomes of an admin's refund hold that its request left open (docs/product.md#admin-refunds), decided from
 * Stripe's refunds of its top-up, found by the hold they name (`metadata.refundHold`), never by the request's key:
 * the resolver (services/support/refundHolds.ts) asks Stripe and acts, and never asks Stripe for a refund itself.
 */
import type { RefundHold } from '@stockseer/contract';
import type { TopUpRefund } from './topUps';

/** A hold younger than this may still have its request calling Stripe: left alone. */
export const RESOLVE_HOLD_AFTER_MS = 5 * 60_000;

/**
 * A hold with no refund at Stripe this old was left by a request whose refund never reached Stripe (Stripe's client
 * gives up on a call long before): released. A retry of its key then finds it released and sends nothing.
 */
export const RELEASE_UNSENT_HOLD_AFTER_MS = 60 * 60_000;

/**
 * `apply`: Stripe's history ends it (a succeeded refund becomes the hold, a failed or canceled one releases it);
 * `release`: no refund was ever made from it; `wait`: too young, or its refund is pending at the bank.
 */
export type HoldResolution = 'apply' | 'release' | 'wait';

export function holdResolution(
  holdId: string,
  hold: RefundHold,
  refunds: readonly TopUpRefund[],
  now: Date,
): HoldResolution {
  const age = now.getTime() - Date.parse(hold.heldAt);
  if (age < RESOLVE_HOLD_AFTER_MS) return 'wait';
  const made = refunds.filter((refund) => refund.holdId === holdId);
  if (made.some((refund) => refund.status !== 'pending')) return 'apply';
  if (made.length > 0) return 'wait';
  return age >= RELEASE_UNSENT_HOLD_AFTER_MS ? 'release' : 'wait';
}
