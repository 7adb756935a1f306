import type { Firestore } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import { AccountClosed, AppError, InvariantViolation } from '../domain/errors';
import { closeDispute, endRefundHold, ledgerTxId, openDispute, refundTopUp } from '../domain/ledger';
import { creditableTopUp, UncreditablePayment, type TopUpHistory } from '../domain/ledger/topUps';
import type { PaymentEvent, PaymentGateway } from '../adapters/stripe/gateway';
import { commitToWallet } from '../adapters/firestore/walletWriter';
import { writeStepNotices, type NoticedStep } from '../adapters/firestore/notifications';
import { topUpDispute, topUpRefunded } from '../domain/notifications';
import { assertSameCredit, creditStep } from '../adapters/firestore/wallets';
import { recordRefusedStepAlert, recordWebhookAlert } from '../adapters/firestore/alerts';
import { log } from '../adapters/logging/log';
import { refundPaidAfterClosure } from './accountClosure/paidAfterClosure';

export interface PaymentEventDeps {
  db: Firestore;
  clock: Clock;
  payments: PaymentGateway;
}

/**
 * `refunded`: a top-up paid after its account was closed went back to its card. `alerted`: the event can never be
 * applied; an operator sees it in the Admin tab and Stripe stops retrying.
 */
export type PaymentEventOutcome =
  { outcome: 'applied' | 'ignored' | 'refunded' } | { outcome: 'alerted'; reason: string };

/**
 * Applies one verified Stripe event to the wallets (docs/product.md#top-ups), exactly once however often Stripe
 * delivers it. The event is only a hint: the object it names is read back from Stripe, and what moves is what Stripe
 * says of that top-up now (its status, amount, currency and user), so a forged event, even signed, moves nothing that
 * Stripe did not. Returns when the event needs no redelivery (applied, ignored, or recorded as an alert at once), and
 * throws only what a redelivery can cure (the database or Stripe unreachable), which the route answers with 5xx.
 */
export async function processPaymentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEventOutcome> {
  if (event.kind === 'other') return { outcome: 'ignored' };
  try {
    if (event.object === null) throw new UncreditablePayment('the event names no Stripe object');
    const history = await deps.payments.retrieveEventHistory(event.object);
    const result = await applyOrRefund(deps, history);
    if (result === 'refunded') return { outcome: 'refunded' };
    const refused = result;
    for (const step of refused) await recordRefusedStepAlert(deps.db, { ...step, event, now: deps.clock.now() });
    if (refused.length === 0) return { outcome: 'applied' };
    const reason = refused.map((r) => `the ledger refused ${r.txId}: ${r.reason}`).join('; ');
    log.error(`Stripe event ${event.eventId} (${event.type}) was applied in part`, reason);
    return { outcome: 'alerted', reason };
  } catch (error) {
    // A closed account's refunds were written by its closure, under the ids this event would use: recognised.
    if (error instanceof AccountClosed && error.unapplied.length === 0) return { outcome: 'ignored' };
    const reason = permanentFailure(error);
    if (reason === undefined) throw error;
    await recordWebhookAlert(deps.db, { eventId: event.eventId, eventType: event.type, reason, now: deps.clock.now() });
    log.error(`Stripe event ${event.eventId} (${event.type}) cannot be applied`, reason);
    return { outcome: 'alerted', reason };
  }
}

/** The top-up's history into its wallet; one paid after its account closed (never credited) back to its card. */
async function applyOrRefund(deps: PaymentEventDeps, history: TopUpHistory) {
  try {
    return await applyTopUpHistory(deps.db, history, deps.clock);
  } catch (error) {
    const uncredited = ledgerTxId.deposit(history.payment.paymentIntentId);
    if (!(error instanceof AccountClosed && error.unapplied.includes(uncredited))) throw error;
    await refundPaidAfterClosure(deps, history);
    return 'refunded';
  }
}

/** Why an event can never be applied, or undefined when a redelivery might succeed (an outage, or a bug to fix). */
function permanentFailure(error: unknown): string | undefined {
  if (error instanceof UncreditablePayment) return error.message;
  if (error instanceof AccountClosed) {
    return `account ${error.userId} is closed, and its ledger lacks ${error.unapplied.join(', ')}: settle it by hand`;
  }
  // The ledger refusing a decision (e.g. a credited amount that changed) will refuse it on every delivery.
  if (error instanceof InvariantViolation) return `the ledger refused it: ${error.message}`;
  if (error instanceof AppError && error.kind === 'not_found') return error.message;
  return undefined;
}

/** A step of a top-up's history, and the steps it must follow (a dispute is closed only once it was opened). */
type HistoryStep = NoticedStep & { txId: string; after: string[] };

/**
 * Brings a wallet's ledger up to what Stripe says of one top-up: credited first (a refund can arrive before the
 * succeeded event), then each refund, then each dispute opened and, once decided, closed. Each step is keyed by
 * Stripe's ids, so events arriving late, out of order, replayed or at once all end in the same ledger. The wallet
 * writer commits them together, once each; when the ledger refuses one, they are committed unit by unit, so that the
 * refused unit (returned, for an alert) holds back only the steps that follow from it, not the rest of the top-up's
 * history. A refused credit holds back everything: nothing can be taken back from a top-up never credited. Each money
 * movement but the credit gets its inbox entry in the commit that applies it (docs/product.md#inbox). A refund made
 * from an admin's refund hold and the end of that hold are one unit, committed together or not at all (the hold
 * becomes the refund: apart, the money would leave Available twice). A refund Stripe says failed or was canceled
 * ends its hold by a release, the money back to Available. An admin's refund (services/support/adminRefund.ts),
 * the refund-hold resolver (services/support/refundHolds.ts) and closing an account (services/accountClosure/close.ts)
 * apply it the same way, so the webhook after them finds nothing to do.
 */
export async function applyTopUpHistory(
  db: Firestore,
  { payment, refunds, disputes }: TopUpHistory,
  clock: Clock,
): Promise<{ userId: string; txId: string; reason: string }[]> {
  const topUp = creditableTopUp(payment);
  const { paymentIntentId, userId } = topUp;
  const now = clock.now();
  const credit = { ...creditStep(topUp, now), after: [] };
  const units: HistoryStep[][] = [[credit]];
  for (const { refundId, amountCents, holdId, status } of refunds) {
    const holdEnd = (refund: { refundId: string; paymentIntentId: string; amountCents: number } | null) => ({
      txId: ledgerTxId.refundHoldRelease(holdId!),
      after: [credit.txId],
      decide: (wallet: Wallet) => endRefundHold(wallet, { holdId: holdId!, refund, now }),
    });
    if (status !== 'succeeded') {
      // Stripe gave up on it: the held money was never refunded. A pending one keeps its hold.
      if (holdId !== null && status === 'failed') units.push([holdEnd(null)]);
      continue;
    }
    const refunded: HistoryStep = {
      txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
      after: [credit.txId],
      decide: (wallet) => refundTopUp(wallet, { paymentIntentId, refundId, amountCents, now }),
      notice: topUpRefunded({ paymentIntentId, refundId, amountCents }),
    };
    units.push(holdId === null ? [refunded] : [refunded, holdEnd({ refundId, paymentIntentId, amountCents })]);
  }
  for (const { disputeId, amountCents, status } of disputes) {
    const dispute = { paymentIntentId, disputeId, amountCents, now };
    const opened = ledgerTxId.dispute(paymentIntentId, disputeId);
    units.push([
      {
        txId: opened,
        after: [credit.txId],
        decide: (w) => openDispute(w, dispute),
        notice: topUpDispute({ ...dispute, stage: 'opened' }),
      },
    ]);
    if (status === 'open') continue;
    units.push([
      {
        txId: ledgerTxId.disputeClosed(paymentIntentId, disputeId, status),
        after: [credit.txId, opened],
        decide: (wallet) => closeDispute(wallet, { ...dispute, outcome: status }),
        notice: topUpDispute({ ...dispute, stage: status }),
      },
    ]);
  }
  const alsoWrite = writeStepNotices(db, userId, now);
  const commit = async (some: HistoryStep[]) =>
    assertSameCredit(topUp, await commitToWallet(db, { userId, now, steps: some, alsoWrite }));
  try {
    await commit(units.flat());
    return [];
  } catch (error) {
    if (!(error instanceof InvariantViolation)) throw error;
  }
  const refusals: { txId: string; reason: string; heldBack: string[] }[] = [];
  const refusedBy = new Map<string, (typeof refusals)[number]>();
  for (const unit of units) {
    const blocker = unit.flatMap((step) => step.after.map((txId) => refusedBy.get(txId))).find((r) => r !== undefined);
    if (blocker) {
      blocker.heldBack.push(...unit.map((step) => step.txId));
      continue;
    }
    try {
      await commit(unit);
    } catch (error) {
      if (!(error instanceof InvariantViolation)) throw error;
      const [first, ...rest] = unit;
      const refusal = { txId: first!.txId, reason: error.message, heldBack: rest.map((step) => step.txId) };
      refusals.push(refusal);
      for (const step of unit) refusedBy.set(step.txId, refusal);
    }
  }
  return refusals.map(({ txId, reason, heldBack }) => ({
    userId,
    txId,
    reason: heldBack.length === 0 ? reason : `${reason} (held back with it: ${heldBack.join(', ')})`,
  }));
}
