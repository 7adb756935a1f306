import type { Firestore } from 'firebase-admin/firestore';
import { Prediction, Wallet, type Transaction } from '@stockseer/contract';
import { ALREADY_APPLIED, applyOnce, ledgerTxId, settle } from '../../domain/ledger';
import { assertInvariant } from '../../domain/errors';
import { chunk } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { operationViolations } from './ledgerRepository';
import { runTransaction } from './outage';
import { predictionRef } from './predictions';

/** A due prediction and the outcome its target-date close gave it. */
export interface Settlement {
  predictionId: string;
  ticker: string;
  status: 'hit' | 'missed';
  actualPrice: number;
}

/**
 * Predictions settled per Firestore transaction: each costs two writes (its `settle:` transaction and its status),
 * plus one for the wallet, well below Firestore's 500 writes per transaction.
 */
export const SETTLE_CHUNK = 200;
/** Free predictions and back-test records move no money: plain batched writes of this many. */
const BATCH_WRITES = 400;
/** As in ledgerRepository: a user generating while maintenance settles their wallet may need a few more tries. */
const MAX_ATTEMPTS = 10;

/**
 * The field a settlement stamps on its prediction: which maintenance run resolved it. A shard retried after a crash
 * counts what its run resolved from the documents, not from what the crashed attempt remembered.
 */
export const RESOLVED_BY_RUN = 'resolvedByRun';

/**
 * Settles many due predictions of one wallet with the ledger's own `settle` rule (charge on hit, release on miss),
 * one transaction per chunk, so the wallet document is locked a few times instead of once per prediction. Inside a
 * transaction every `settle:{predictionId}` id is checked first (at most once, as `applyLedgerOperation` does), and
 * a prediction no longer active is left alone. Returns how many were settled now.
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
  const walletRef = db.collection(COLLECTIONS.wallets).doc(userId);
  const txRefs = settlements.map((s) => db.collection(COLLECTIONS.transactions).doc(ledgerTxId.settle(s.predictionId)));
  const predictionRefs = settlements.map((s) => predictionRef(db, s.predictionId));
  return runTransaction(
    db,
    async (tx) => {
      const [walletSnap, ...rest] = await tx.getAll(walletRef, ...txRefs, ...predictionRefs);
      const txSnaps = rest.slice(0, settlements.length);
      const predictionSnaps = rest.slice(settlements.length);
      assertInvariant(walletSnap?.exists, `settling predictions of ${userId}, whose wallet does not exist`);
      const existing = new Set(txSnaps.filter((s) => s.exists).map((s) => s.id));

      const before = Wallet.parse(walletSnap.data());
      let wallet = before;
      const appended: Transaction[] = [];
      settlements.forEach((s, i) => {
        const prediction = Prediction.parse(predictionSnaps[i]!.data());
        assertInvariant(
          prediction.userId === userId,
          `${s.predictionId} belongs to ${prediction.userId}, not ${userId}`,
        );
        if (prediction.status !== 'active' || prediction.isFree) return;
        const txId = ledgerTxId.settle(s.predictionId);
        const decision = applyOnce(existing, txId, () =>
          settle(wallet, { predictionId: s.predictionId, ticker: s.ticker, outcome: s.status, isFree: false, now }),
        );
        if (decision === ALREADY_APPLIED) return;
        wallet = decision.wallet;
        appended.push(...decision.transactions);
        tx.update(predictionRefs[i]!, { status: s.status, actualPrice: s.actualPrice, [RESOLVED_BY_RUN]: runId });
      });
      if (appended.length === 0) return 0;
      // The chunk's decisions, taken together, must move the buckets by exactly what their transactions say.
      const violations = operationViolations(before, { wallet, transactions: appended });
      assertInvariant(violations.length === 0, `settling on wallet ${userId}: ${violations.join('; ')}`);
      tx.set(walletRef, wallet);
      for (const t of appended) tx.create(db.collection(COLLECTIONS.transactions).doc(t.id), t);
      return appended.length;
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * Resolves free predictions: no wallet, no money, so batched writes with no transaction. A re-run writes the same
 * outcome again (it comes from the same close), so at-most-once needs no lock here.
 */
export async function resolveFreePredictions(
  db: Firestore,
  { settlements, runId }: { settlements: readonly Settlement[]; runId: string },
): Promise<void> {
  for (const part of chunk(settlements, BATCH_WRITES)) {
    const batch = db.batch();
    for (const s of part) {
      batch.update(predictionRef(db, s.predictionId), {
        status: s.status,
        actualPrice: s.actualPrice,
        [RESOLVED_BY_RUN]: runId,
      });
    }
    await batch.commit();
  }
}

/** How many of these predictions the run resolved, read from the documents (exact across retries of a shard). */
export async function countResolvedBy(db: Firestore, predictionIds: readonly string[], runId: string): Promise<number> {
  let count = 0;
  for (const part of chunk(predictionIds, BATCH_WRITES)) {
    const snaps = await db.getAll(...part.map((id) => predictionRef(db, id)));
    count += snaps.filter((s) => s.get(RESOLVED_BY_RUN) === runId).length;
  }
  return count;
}
