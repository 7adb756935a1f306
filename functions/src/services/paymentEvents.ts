import type { Firestore } from 'firebase-admin/firestore';
import type { Clock } from '../domain/clock';
import { AppError, InvariantViolation } from '../domain/errors';
import { closeDispute, ledgerTxId, openDispute, refundTopUp, type WalletStep } from '../domain/ledger';
import { creditableTopUp, UncreditablePayment, type TopUpHistory } from '../domain/ledger/topUps';
import type { PaymentEvent, PaymentGateway } from '../adapters/stripe/gateway';
import { commitToWallet } from '../adapters/firestore/walletWriter';
import { assertSameCredit, creditStep, creditTopUp } from '../adapters/firestore/wallets';
import { recordWebhookAlert } from '../adapters/firestore/alerts';
import { log } from '../adapters/logging/log';

export interface PaymentEventDeps {
  db: Firestore;
  clock: Clock;
  payments: PaymentGateway;
}

/** `alerted`: the event can never be applied; an operator sees it in the Admin tab and Stripe stops retrying. */
export type PaymentEventOutcome = { outcome: 'applied' | 'ignored' } | { outcome: 'alerted'; reason: string };

/**
 * Applies one verified Stripe event to the wallets (docs/product.md#top-ups), exactly once however often Stripe
 * delivers it. Returns when the event needs no redelivery (applied, ignored, or recorded as an alert), and throws only
 * what a redelivery can cure (the database or Stripe unreachable), which the route answers with 5xx.
 */
export async function processPaymentEvent(deps: PaymentEventDeps, event: PaymentEvent): Promise<PaymentEventOutcome> {
  try {
    switch (event.kind) {
      case 'top_up_succeeded':
        await creditTopUp(deps.db, creditableTopUp(event.payment), deps.clock.now());
        return { outcome: 'applied' };
      case 'money_taken_back': {
        if (event.paymentIntentId === null) throw new UncreditablePayment('the event names no PaymentIntent');
        await applyTopUpHistory(deps.db, await deps.payments.retrieveTopUpHistory(event.paymentIntentId), deps.clock);
        return { outcome: 'applied' };
      }
      case 'other':
        return { outcome: 'ignored' };
    }
  } catch (error) {
    const reason = permanentFailure(error);
    if (reason === undefined) throw error;
    await recordWebhookAlert(deps.db, { eventId: event.eventId, eventType: event.type, reason, now: deps.clock.now() });
    log.error(`Stripe event ${event.eventId} (${event.type}) cannot be applied`, reason);
    return { outcome: 'alerted', reason };
  }
}

/** Why an event can never be applied, or undefined when a redelivery might succeed (an outage, or a bug to fix). */
function permanentFailure(error: unknown): string | undefined {
  if (error instanceof UncreditablePayment) return error.message;
  // The ledger refusing a decision (e.g. a credited amount that changed) will refuse it on every delivery.
  if (error instanceof InvariantViolation) return `the ledger refused it: ${error.message}`;
  if (error instanceof AppError && error.kind === 'not_found') return `Stripe does not know it: ${error.message}`;
  return undefined;
}

/**
 * Brings a wallet's ledger up to what Stripe says of one top-up: credited first (a refund can arrive before the
 * succeeded event), then each refund, then each dispute opened and, once decided, closed. Each step is keyed by
 * Stripe's ids and the wallet writer commits them together, once each, so events arriving late, out of order,
 * replayed or at once all end in the same ledger, and a failure leaves none of them half done.
 */
async function applyTopUpHistory(db: Firestore, { payment, refunds, disputes }: TopUpHistory, clock: Clock) {
  const topUp = creditableTopUp(payment);
  const { paymentIntentId, userId } = topUp;
  const now = clock.now();
  const steps: WalletStep[] = [creditStep(topUp, now)];
  for (const { refundId, amountCents } of refunds) {
    steps.push({
      txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
      decide: (wallet) => refundTopUp(wallet, { paymentIntentId, refundId, amountCents, now }),
    });
  }
  for (const { disputeId, amountCents, status } of disputes) {
    const dispute = { paymentIntentId, disputeId, amountCents, now };
    steps.push({ txId: ledgerTxId.dispute(paymentIntentId, disputeId), decide: (w) => openDispute(w, dispute) });
    if (status === 'open') continue;
    steps.push({
      txId: ledgerTxId.disputeClosed(paymentIntentId, disputeId, status),
      decide: (wallet) => closeDispute(wallet, { ...dispute, outcome: status }),
    });
  }
  assertSameCredit(topUp, await commitToWallet(db, { userId, now, steps }));
}
