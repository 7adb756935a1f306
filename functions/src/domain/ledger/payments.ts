/**
 * A wallet's top-ups as its ledger has them, each with what Stripe took back from it: the customer view's Payments
 * (docs/product.md#customer-view), what an admin refund or an account's closing may still take back, and the
 * payments of "Download my data". Read off the lines' derived ids (ids.ts), so no Stripe call is needed to show them.
 */
import type { CustomerPayment, Transaction } from '@stockseer/contract';
import { ID_PREFIX, STRIPE_LINE_TYPES, stripeObjectsOf } from './ids';
import { heldChange } from './invariants';

/** A stored line, with when the database wrote it: under the local time machine a day's lines share one date. */
export type WrittenLine = Transaction & { writtenAt: number };

/** Stripe's money taken back from a top-up (ids.ts): each line names its top-up. */
const TAKEN_BACK_TYPES = new Set<Transaction['type']>(STRIPE_LINE_TYPES.filter((type) => type !== 'deposit'));

/** The top-up a line of money taken back names (`{prefix}{paymentIntentId}:{stripeId}`), or null. */
function topUpOf(line: Transaction): string | null {
  return TAKEN_BACK_TYPES.has(line.type) ? (stripeObjectsOf(line.id)?.paymentIntentId ?? null) : null;
}

/**
 * Every top-up of the history, newest first (by date, then by the order they were written, where the lines say so),
 * with its refunds and disputes oldest first.
 */
export function customerPayments(lines: readonly (Transaction & { writtenAt?: number })[]): CustomerPayment[] {
  const writtenAt = new Map<string, number>();
  const payments = new Map<string, CustomerPayment>();
  for (const line of lines) {
    if (line.type !== 'deposit') continue;
    const paymentIntentId = line.id.slice(ID_PREFIX.deposit.length);
    writtenAt.set(paymentIntentId, line.writtenAt ?? 0);
    payments.set(paymentIntentId, {
      paymentIntentId,
      amountCents: line.amount,
      date: line.date,
      refundedCents: 0,
      disputedCents: 0,
      refundableCents: line.amount,
      takenBack: [],
    });
  }
  const takenBack = lines.filter((line) => topUpOf(line) !== null).sort((a, b) => a.date.localeCompare(b.date));
  for (const line of takenBack) {
    const payment = payments.get(topUpOf(line)!);
    if (!payment) continue;
    const { id, type, amount, date, description } = line;
    payment.takenBack.push({ id, type, amount, date, description });
    const out = -heldChange(line);
    if (type === 'top_up_refund') payment.refundedCents += out;
    else payment.disputedCents += out;
    payment.refundableCents -= out;
  }
  return [...payments.values()].sort(
    (a, b) => b.date.localeCompare(a.date) || writtenAt.get(b.paymentIntentId)! - writtenAt.get(a.paymentIntentId)!,
  );
}
