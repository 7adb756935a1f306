/**
 * What Stripe says about one wallet top-up, and whether it can be credited: plain data, so the rule is tested
 * without Stripe. Webhooks that carry a payment we can never credit are recorded for an operator instead of being
 * retried by Stripe for days (docs/product.md#top-ups).
 */

/** A PaymentIntent as the wallet sees it. Only intents we created for a top-up have a `userId`. */
export interface TopUpPayment {
  paymentIntentId: string;
  /** The wallet to credit: `metadata.userId`, set at creation; null for any other payment on the account. */
  userId: string | null;
  succeeded: boolean;
  /** Stripe's status, for messages. */
  status: string;
  /** What Stripe received once it succeeded (else what it asks for), in cents. Never a client's number. */
  amountCents: number;
}

/**
 * A refund of a top-up as Stripe reports it; only succeeded ones have taken money back. `failed` is final (Stripe
 * failed or canceled it: no money moved); `pending` may still become either.
 */
export interface TopUpRefund {
  refundId: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
  /** The admin refund hold it was made from (its metadata, docs/product.md#admin-refunds); null for any other. */
  holdId: string | null;
}

/** A dispute (chargeback) of a top-up: `open` while the bank decides, then won or lost. */
export interface TopUpDispute {
  disputeId: string;
  amountCents: number;
  status: 'open' | 'won' | 'lost';
}

/** A top-up with everything Stripe has taken back from it, oldest first. */
export interface TopUpHistory {
  payment: TopUpPayment;
  refunds: TopUpRefund[];
  disputes: TopUpDispute[];
}

/** A signed payment event that can never be applied, whatever the retries: an operator must look at it. */
export class UncreditablePayment extends Error {
  override name = 'UncreditablePayment';
}

/** Why a top-up cannot be credited to a wallet, or null when it can. */
export function uncreditableReason(payment: TopUpPayment): string | null {
  const { paymentIntentId: id, userId, succeeded, status, amountCents } = payment;
  if (userId === null) return `PaymentIntent ${id} is not a wallet top-up (no user in its metadata, or not USD)`;
  if (!succeeded) return `PaymentIntent ${id} has status "${status}", not succeeded`;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return `PaymentIntent ${id} has amount ${amountCents}, not a positive whole number of cents`;
  }
  return null;
}

/** The wallet's top-up, or UncreditablePayment. */
export function creditableTopUp(payment: TopUpPayment): TopUpPayment & { userId: string } {
  const reason = uncreditableReason(payment);
  if (reason !== null) throw new UncreditablePayment(reason);
  return payment as TopUpPayment & { userId: string };
}

/**
 * What a refund can still take back from a top-up: its amount less refunds (those Stripe may still make count, as
 * Stripe counts them) and open or lost disputes.
 */
export function refundableCents({ payment, refunds, disputes }: TopUpHistory): number {
  const refunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
  const held = disputes.filter((d) => d.status !== 'won').reduce((sum, d) => sum + d.amountCents, 0);
  return Math.max(0, payment.amountCents - refunded - held);
}
