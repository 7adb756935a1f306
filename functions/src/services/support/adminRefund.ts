/**
 * `POST /api/admin/users/:uid/refunds`: an admin refunds a top-up, or part of one, through Stripe's refunds API
 * (docs/product.md#admin-refunds). In order: a new key is checked (the top-up is this user's, the amount within what
 * is left to refund and what Available holds, the wallet owes nothing) and its audit entry recorded, the request's
 * record, before Stripe is called; then Stripe refunds (the same key, the same refund) and the top-up's history is
 * applied as the webhook applies any refund, so the webhook that follows finds it done.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { SUPPORT_MESSAGES, type AdminRefundRequest, type AdminRefundResponse } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { auditEntry } from '../../domain/audit';
import { conflict, notFound } from '../../domain/errors';
import { adminRefundRefusal } from '../../domain/ledger';
import { refundableCents } from '../../domain/ledger/topUps';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { accountOf } from '../../adapters/auth/accounts';
import { findAuditEntry, keyedRequest, recordAuditOnce } from '../../adapters/firestore/auditLog';
import { walletOf } from '../../adapters/firestore/walletWriter';
import { applyTopUpHistory } from '../paymentEvents';

export async function refundForCustomer(
  { db, auth, clock, payments }: { db: Firestore; auth: Auth; clock: Clock; payments: PaymentGateway },
  admin: Caller,
  userId: string,
  request: AdminRefundRequest,
  idempotencyKey: string,
): Promise<AdminRefundResponse> {
  const { paymentIntentId, amountCents, reason } = request;
  const account = await accountOf(auth, userId);
  const { requestId, auditId, fingerprint } = keyedRequest('refund', userId, idempotencyKey, request);
  const earlier = await findAuditEntry(db, auditId);
  if (earlier && earlier.fingerprint !== fingerprint) throw conflict(SUPPORT_MESSAGES.keyReused);

  if (!earlier) {
    const history = await payments.retrieveTopUpHistory(paymentIntentId);
    // Another user's payment answers like an unknown one.
    if (history.payment.userId !== userId || !history.payment.succeeded) {
      throw notFound(SUPPORT_MESSAGES.notThisUsersTopUp);
    }
    const now = clock.now();
    const refusal = adminRefundRefusal(await walletOf(db, userId, now), refundableCents(history), amountCents);
    if (refusal !== null) throw conflict(refusal);
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
    const { existing } = await recordAuditOnce(db, { ...entry, fingerprint });
    if (existing !== undefined && existing !== fingerprint) throw conflict(SUPPORT_MESSAGES.keyReused);
  }

  const refund = await payments.refundTopUp({
    paymentIntentId,
    amountCents,
    idempotencyKey: `admin-refund-${requestId}`,
    metadata: { userId, auditEntry: auditId },
  });
  // A step the ledger refuses is left to the webhook that follows, which records its alert.
  await applyTopUpHistory(db, await payments.retrieveTopUpHistory(paymentIntentId), clock);
  const wallet = await walletOf(db, userId, clock.now());
  return { refundId: refund.refundId, paymentIntentId, amountCents: refund.amountCents, wallet };
}
