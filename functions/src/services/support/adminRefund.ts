/**
 * `POST /api/admin/users/:uid/refunds`: an admin refunds a top-up, or part of one, through Stripe's refunds API
 * (docs/product.md#admin-refunds). No check-then-act across the network call: in order, a new key holds the amount
 * out of Available in one wallet-writer commit with its audit entry (the top-up is this user's, the amount within what
 * is left to refund and what Available holds, the wallet owes nothing and is not closing); then Stripe refunds (the
 * same key, the same refund, with the hold named in its metadata); then the top-up's history is applied as the
 * webhook applies any refund, the refund's line and the end of its hold in one commit, so the money leaves once and
 * the webhook that follows finds it done. Stripe refusing the refund releases the hold, and so does Stripe failing or
 * canceling it later (its `charge.refund.updated`). A hold left open (Stripe out of reach or its answer lost, a crash)
 * stays out of Available until a retry of the same key finishes it, or the nightly refund-hold resolver
 * (refundHolds.ts) does, from what Stripe made of the hold: a retry after the resolver released it sends nothing.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { SUPPORT_MESSAGES, type AdminRefundRequest, type AdminRefundResponse } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { auditEntry } from '../../domain/audit';
import { AppError, assertInvariant, conflict, notFound } from '../../domain/errors';
import { holdForRefund, ledgerTxId } from '../../domain/ledger';
import { refundableCents, type TopUpHistory } from '../../domain/ledger/topUps';
import { REFUND_HOLD_METADATA, type PaymentGateway } from '../../adapters/stripe/gateway';
import { accountOf } from '../../adapters/auth/accounts';
import { findAuditEntry, keyedRequest, recordAudit } from '../../adapters/firestore/auditLog';
import { commitToWallet, walletOf } from '../../adapters/firestore/walletWriter';
import { applyTopUpHistory } from '../paymentEvents';
import { releaseRefundHold } from './refundHolds';

interface AdminRefundDeps {
  db: Firestore;
  auth: Auth;
  clock: Clock;
  payments: PaymentGateway;
}

export async function refundForCustomer(
  deps: AdminRefundDeps,
  admin: Caller,
  userId: string,
  request: AdminRefundRequest,
  idempotencyKey: string,
): Promise<AdminRefundResponse> {
  const { db, auth, clock, payments } = deps;
  const { paymentIntentId, amountCents, reason } = request;
  const account = await accountOf(auth, userId);
  const { requestId: holdId, auditId, fingerprint } = keyedRequest('refund', userId, idempotencyKey, request);
  const sameRequest = async () => {
    const earlier = await findAuditEntry(db, auditId);
    if (earlier && earlier.fingerprint !== fingerprint) throw conflict(SUPPORT_MESSAGES.keyReused);
    return earlier !== undefined;
  };
  const replayed = await sameRequest();
  const history = await payments.retrieveTopUpHistory(paymentIntentId);
  // Another user's payment answers like an unknown one.
  if (history.payment.userId !== userId || !history.payment.succeeded) {
    throw notFound(SUPPORT_MESSAGES.notThisUsersTopUp);
  }

  if (!replayed) {
    const now = clock.now();
    const entry = auditEntry({
      id: auditId,
      action: 'refund',
      actor: admin,
      at: now,
      target: { uid: userId, email: account.email ?? null },
      amountCents,
      details: { paymentIntentId },
      reason,
    });
    const held = await commitToWallet(db, {
      userId,
      now,
      steps: [
        {
          txId: ledgerTxId.refundHold(holdId),
          decide: (wallet) =>
            holdForRefund(wallet, {
              holdId,
              paymentIntentId,
              amountCents,
              refundableCents: refundableCents(history),
              now,
            }),
        },
      ],
      alsoWrite: (tx) => recordAudit(tx, db, { ...entry, fingerprint }),
    });
    // A concurrent request with the same key held it first: the same request goes on with its hold, another is refused.
    if (held.applied.length === 0)
      assertInvariant(await sameRequest(), `refund hold ${holdId} without its audit entry`);
  }

  const wallet = await walletOf(db, userId, clock.now());
  if (wallet.refundHolds?.[holdId] === undefined) return finishedBefore(deps, history, holdId);
  let refund: { refundId: string; amountCents: number };
  try {
    refund = await payments.refundTopUp({
      paymentIntentId,
      amountCents,
      idempotencyKey: `admin-refund-${holdId}`,
      metadata: { userId, auditEntry: auditId, [REFUND_HOLD_METADATA]: holdId },
    });
  } catch (error) {
    // Stripe's refusal is final (the same key gets the same answer): the held money goes back to Available. An
    // outage is not: the hold stays for a retry of the key.
    if (error instanceof AppError && (error.kind === 'conflict' || error.kind === 'not_found')) {
      await releaseRefundHold(deps, userId, holdId);
    }
    throw error;
  }
  // A step the ledger refuses is left to the webhook that follows, which records its alert.
  await applyTopUpHistory(db, await payments.retrieveTopUpHistory(paymentIntentId), clock);
  return {
    refundId: refund.refundId,
    paymentIntentId,
    amountCents: refund.amountCents,
    wallet: await walletOf(db, userId, clock.now()),
  };
}

/**
 * A retry of a request whose hold has ended: the refund it became, as Stripe has it (applied again, in case the
 * first request stopped before), or the refusal that released it.
 */
async function finishedBefore(
  { db, clock }: AdminRefundDeps,
  history: TopUpHistory,
  holdId: string,
): Promise<AdminRefundResponse> {
  const made = history.refunds.find((r) => r.holdId === holdId && r.status === 'succeeded');
  if (made === undefined) throw conflict(SUPPORT_MESSAGES.refundReleased);
  await applyTopUpHistory(db, history, clock);
  const { paymentIntentId, userId } = history.payment;
  const wallet = await walletOf(db, userId!, clock.now());
  return { refundId: made.refundId, paymentIntentId, amountCents: made.amountCents, wallet };
}
