/**
 * A top-up paid after its account was closed (docs/product.md#closing-an-account): one that raced the closure's
 * cancellation of the account's open PaymentIntents, or one the closure could not find. No wallet is left to take
 * it, so all of it goes back to its card, once: the refund's Stripe idempotency key is derived from the PaymentIntent,
 * and a redelivered event finds the refund in Stripe's history (nothing left to refund) and its lines in the books.
 * The books record that it came in and went out (its deposit and refund lines, under the ids the webhook uses, so
 * later events of it are recognised), with an audit entry, in one commit. No one settles it by hand.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { auditEntry, type Actor } from '../../domain/audit';
import { ledgerTxId, refundTopUp, type WalletStep } from '../../domain/ledger';
import { creditableTopUp, refundableCents, UncreditablePayment, type TopUpHistory } from '../../domain/ledger/topUps';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { creditStep } from '../../adapters/firestore/wallets';
import { commitToClosedAccount } from '../../adapters/firestore/walletWriter';
import { recordAudit } from '../../adapters/firestore/auditLog';

/** The audit log's name for the webhook, which acts with no admin behind it. */
const WEBHOOK: Actor = { uid: null, email: 'Stripe webhook' };

export const paidAfterClosureRefundKey = (paymentIntentId: string) => `paid-after-closure:${paymentIntentId}`;

export async function refundPaidAfterClosure(
  { db, clock, payments }: { db: Firestore; clock: Clock; payments: PaymentGateway },
  history: TopUpHistory,
): Promise<void> {
  const topUp = creditableTopUp(history.payment);
  const { paymentIntentId, userId, amountCents } = topUp;
  // A bank holds a disputed payment: Stripe refunds none of it, and the dispute decides where it goes.
  if (history.disputes.length > 0) {
    throw new UncreditablePayment(`${paymentIntentId} was paid after account ${userId} closed, and is disputed`);
  }
  const refunds = history.refunds.filter((r) => r.status === 'succeeded');
  // A refund Stripe has not confirmed is asked for again below, by the same key, and written with the rest.
  const left = refundableCents({ ...history, refunds });
  if (left > 0) {
    const refund = await payments.refundTopUp({
      paymentIntentId,
      amountCents: left,
      idempotencyKey: paidAfterClosureRefundKey(paymentIntentId),
      metadata: { paidAfterClosure: userId },
    });
    // No admin's hold stands behind it: the account has no wallet left to hold in.
    refunds.push({ ...refund, status: 'succeeded', holdId: null });
  }
  const now = clock.now();
  const steps: WalletStep[] = [
    creditStep(topUp, now),
    ...refunds.map(({ refundId, amountCents: cents }) => ({
      txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
      decide: (wallet: Wallet) => refundTopUp(wallet, { paymentIntentId, refundId, amountCents: cents, now }),
    })),
  ];
  const entry = auditEntry({
    id: `paid_after_closure:${paymentIntentId}`,
    action: 'paid_after_closure',
    actor: WEBHOOK,
    at: now,
    target: { uid: userId, email: null },
    amountCents,
    details: { paymentIntentId, refundIds: refunds.map((r) => r.refundId).join(' ') },
    reason: 'Paid after the account was closed: refunded to the card in full',
  });
  await commitToClosedAccount(db, { userId, now, steps, alsoWrite: (tx) => recordAudit(tx, db, entry) });
}
