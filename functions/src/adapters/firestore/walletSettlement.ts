import type { Firestore } from 'firebase-admin/firestore';
import type { Prediction, Wallet } from '@stockseer/contract';
import { ledgerTxId, settle } from '../../domain/ledger';
import { chunk } from '../../domain/maintenance/runs';
import { predictionResolved } from '../../domain/notifications';
import { notificationWrite } from './notifications';
import { predictionRef } from './predictions';
import { addToLiveTrackRecord, type SettledForecast } from './trackRecord';
import { commitToWallet } from './walletWriter';

/** A due prediction and the outcome its target-date close gave it. */
export interface Settlement {
  predictionId: string;
  ticker: string;
  status: 'hit' | 'missed';
  actualPrice: number;
  /** What the live track record counts of it (issue 24). */
  forecast: Pick<Prediction, 'modelId' | 'timeFrame' | 'hitProbability'>;
}

/** What the user's inbox says of a settlement (`isFree`: resolved without money). */
export const resolvedNotice = (s: Settlement, isFree: boolean, runId: string) =>
  predictionResolved(
    { predictionId: s.predictionId, symbol: s.ticker, timeFrame: s.forecast.timeFrame, status: s.status, isFree },
    runId,
  );

/** A settlement as the live track record adds it. */
export const settledForecast = (s: Settlement): SettledForecast => ({
  predictionId: s.predictionId,
  status: s.status,
  ...s.forecast,
});

/**
 * Predictions settled per Firestore transaction: each costs three writes (its `settle:` transaction, its status and
 * its inbox entry), plus one for the wallet and one for a live track record shard, below Firestore's 500 writes per
 * transaction.
 */
export const SETTLE_CHUNK = 160;

/**
 * The field a settlement stamps on its prediction: which maintenance run resolved it. A shard retried after a crash
 * counts what its run resolved from the documents, not from what the crashed attempt remembered.
 */
export const RESOLVED_BY_RUN = 'resolvedByRun';
/** When it was resolved: the overview's recount dates a free prediction's resolution by it (a paid one has its line). */
export const RESOLVED_AT = 'resolvedAt';

/**
 * Settles many due paid predictions of one wallet (the caller has read them: active, paid, this wallet's) with the
 * ledger's own `settle` rule (charge on hit, release on miss), one commit of the wallet writer per chunk, so the
 * wallet document is locked a few times instead of once per prediction; the writer checks every `settle:{id}` first
 * (at most once). Returns how many were settled now.
 */
export async function settleWalletPredictions(
  db: Firestore,
  { userId, settlements, now, runId }: { userId: string; settlements: readonly Settlement[]; now: Date; runId: string },
): Promise<number> {
  let settled = 0;
  for (const part of chunk(settlements, SETTLE_CHUNK)) {
    settled += await settleChunk(db, { userId, settlements: part, now, runId });
  }
  return settled;
}

async function settleChunk(
  db: Firestore,
  { userId, settlements, now, runId }: { userId: string; settlements: readonly Settlement[]; now: Date; runId: string },
): Promise<number> {
  const steps = settlements.map((s) => ({
    settlement: s,
    txId: ledgerTxId.settle(s.predictionId),
    decide: (wallet: Wallet) =>
      settle(wallet, { predictionId: s.predictionId, ticker: s.ticker, outcome: s.status, isFree: false, now }),
  }));
  const { applied } = await commitToWallet(db, {
    userId,
    now,
    // The plan found these predictions active: a replay (a retried shard) is rare enough for the transaction to see.
    replayReadFirst: false,
    steps,
    // The `settle:` lines alone decide what is done: a prediction's status changes in the same transaction as its
    // settlement is written, so the prediction itself need not be read again; the live track record counts it there,
    // and the owner's inbox gets its entry there (docs/product.md#inbox).
    alsoWrite: (tx, settled) => {
      for (const { step } of settled) {
        const { predictionId, status, actualPrice } = step.settlement;
        tx.update(predictionRef(db, predictionId), {
          status,
          actualPrice,
          [RESOLVED_BY_RUN]: runId,
          [RESOLVED_AT]: now.toISOString(),
        });
        tx.create(...notificationWrite(db, userId, resolvedNotice(step.settlement, false, runId), now));
      }
      addToLiveTrackRecord(
        tx,
        db,
        settled.map(({ step }) => settledForecast(step.settlement)),
      );
    },
  });
  return applied.length;
}
