/**
 * What the in-app inbox says of each change (docs/product.md#inbox), pure: the writers of the changes (settlement,
 * the allowance renewal, Stripe's money taken back, watchlist alerts) build an entry here and write it in the same
 * transaction as the change, under its derived id (contract notificationId), so it exists exactly when the change
 * does.
 */
import {
  notificationId,
  PREDICTION_FEE_CENTS,
  type Notification,
  type TimeFrame,
  type Wallet,
} from '@stockseer/contract';
import { ledgerTxId } from './ledger/ids';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An entry as its writer builds it; the adapter stamps it unread, with the change's instant. */
export type NotificationDraft = DistributiveOmit<Notification, 'createdAt' | 'read'>;

/** A prediction daily maintenance resolved: its $1 charged on a hit, released on a miss, nothing when free. */
export function predictionResolved(
  p: { predictionId: string; symbol: string; timeFrame: TimeFrame; status: 'hit' | 'missed'; isFree: boolean },
  runId: string,
): NotificationDraft {
  return {
    id: notificationId.resolved(p.predictionId),
    kind: p.status === 'hit' ? 'prediction.hit' : 'prediction.missed',
    runId,
    amountCents: p.isFree ? 0 : PREDICTION_FEE_CENTS,
    predictionId: p.predictionId,
    symbol: p.symbol,
    timeFrame: p.timeFrame,
    isFree: p.isFree,
    transactionId: p.isFree ? null : ledgerTxId.settle(p.predictionId),
  };
}

/** The monthly allowance refilled, `renewed` the wallet as the renewal left it; `runId` null outside maintenance. */
export function allowanceRenewed(
  renewed: Pick<Wallet, 'freePredictions' | 'resetDate'>,
  runId: string | null,
): NotificationDraft {
  return {
    id: notificationId.renewed(renewed.resetDate),
    kind: 'allowance.renewed',
    runId,
    amountCents: 0,
    freePredictions: renewed.freePredictions,
    resetDate: renewed.resetDate,
  };
}

/** A Stripe refund of a top-up, written by the webhook (no run). */
export function topUpRefunded(r: {
  paymentIntentId: string;
  refundId: string;
  amountCents: number;
}): NotificationDraft {
  return {
    id: notificationId.refund(r.refundId),
    kind: 'topUp.refunded',
    runId: null,
    amountCents: r.amountCents,
    paymentIntentId: r.paymentIntentId,
    transactionId: ledgerTxId.topUpRefund(r.paymentIntentId, r.refundId),
  };
}

/** A dispute of a top-up opened, or decided (won: the amount back; lost: it stays out), written by the webhook. */
export function topUpDispute(d: {
  paymentIntentId: string;
  disputeId: string;
  amountCents: number;
  stage: 'opened' | 'won' | 'lost';
}): NotificationDraft {
  const { paymentIntentId, disputeId, stage } = d;
  return {
    id: notificationId.dispute(disputeId, stage),
    kind: stage === 'opened' ? 'topUp.disputed' : stage === 'won' ? 'topUp.disputeWon' : 'topUp.disputeLost',
    runId: null,
    amountCents: d.amountCents,
    paymentIntentId,
    transactionId:
      stage === 'opened'
        ? ledgerTxId.dispute(paymentIntentId, disputeId)
        : ledgerTxId.disputeClosed(paymentIntentId, disputeId, stage),
  };
}

/** A watched stock's 7-day chance reached the user's alert, found by run `runId`. */
export function watchAlertReached(
  a: { symbol: string; predictionDate: string; hitProbability: number; atLeastPercent: number },
  runId: string,
): NotificationDraft {
  return {
    id: notificationId.watchAlert(a.symbol, a.predictionDate),
    kind: 'watchlist.alert',
    runId,
    amountCents: 0,
    symbol: a.symbol,
    predictionDate: a.predictionDate,
    hitProbability: a.hitProbability,
    atLeastPercent: a.atLeastPercent,
  };
}
