/**
 * The refund-hold resolver (docs/product.md#admin-refunds): ends the admin refund holds of a wallet that their
 * requests left open (Stripe out of reach, its answer lost, a crash, or a refund pending at the bank), from what
 * Stripe has made of each hold, found by the hold it names (domain/ledger/refundHolds.ts). It never asks Stripe for a
 * refund: a refund made is applied as the webhook applies it (the hold becomes the refund), a failed or canceled one
 * releases its hold, and a hold no refund was made from is released once its request can no longer be calling Stripe.
 * Run for every wallet with a hold by the nightly maintenance (services/maintenance/refundHolds.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Clock } from '../../domain/clock';
import { endRefundHold, ledgerTxId } from '../../domain/ledger';
import { holdResolution } from '../../domain/ledger/refundHolds';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { commitToWallet, walletOf } from '../../adapters/firestore/walletWriter';
import { log } from '../../adapters/logging/log';
import { applyTopUpHistory } from '../paymentEvents';

export interface RefundHoldDeps {
  db: Firestore;
  clock: Clock;
  payments: PaymentGateway;
}

/** What one pass did: holds ended, holds left open (young, or a refund pending), and steps the ledger refused. */
export interface HoldsResolved {
  ended: number;
  open: number;
  refused: number;
}

export async function resolveRefundHolds(deps: RefundHoldDeps, userId: string): Promise<HoldsResolved> {
  const { db, clock, payments } = deps;
  const now = clock.now();
  const holds = Object.entries((await walletOf(db, userId, now)).refundHolds ?? {});
  const outcome: HoldsResolved = { ended: 0, open: 0, refused: 0 };
  for (const paymentIntentId of new Set(holds.map(([, hold]) => hold.paymentIntentId))) {
    const history = await payments.retrieveTopUpHistory(paymentIntentId);
    const resolutions = holds
      .filter(([, hold]) => hold.paymentIntentId === paymentIntentId)
      .map(([holdId, hold]) => ({ holdId, resolution: holdResolution(holdId, hold, history.refunds, now) }));
    if (resolutions.some((r) => r.resolution === 'apply')) {
      const refused = await applyTopUpHistory(db, history, clock);
      for (const { txId, reason } of refused) log.error(`refund-hold resolver: the ledger refused ${txId}`, reason);
      outcome.refused += refused.length;
    }
    for (const { holdId } of resolutions.filter((r) => r.resolution === 'release')) {
      await releaseRefundHold(deps, userId, holdId);
    }
  }
  const left = Object.keys((await walletOf(db, userId, clock.now())).refundHolds ?? {});
  outcome.open = left.length;
  outcome.ended = holds.filter(([holdId]) => !left.includes(holdId)).length;
  return outcome;
}

/** The held money back to Available: no refund was made from the hold, or Stripe refused to make it. */
export async function releaseRefundHold(
  { db, clock }: Pick<RefundHoldDeps, 'db' | 'clock'>,
  userId: string,
  holdId: string,
) {
  const now = clock.now();
  await commitToWallet(db, {
    userId,
    now,
    steps: [
      {
        txId: ledgerTxId.refundHoldRelease(holdId),
        decide: (wallet) => endRefundHold(wallet, { holdId, refund: null, now }),
      },
    ],
  });
}
