import type { Firestore } from 'firebase-admin/firestore';
import { Prediction, Transaction, Wallet } from '@stockseer/contract';
import { ALREADY_APPLIED, applyOnce, ledgerTxId, settle } from '../../domain/ledger';
import { assertInvariant } from '../../domain/errors';
import { chunk } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { operationViolations } from './ledgerRepository';
import { runTransaction } from './runTransaction';
import { predictionRef } from './predictions';
import { addToLiveTrackRecord, type SettledForecast } from './trackRecord';

/** A due prediction and the outcome its target-date close gave it. */
export interface Settlement {
  predictionId: string;
  ticker: string;
  status: 'hit' | 'missed';
  actualPrice: number;
  /** What the live track record counts of it (issue 24). */
  forecast: Pick<Prediction, 'modelId' | 'timeFrame' | 'hitProbability'>;
}

/** A settlement as the live track record adds it. */
export const settledForecast = (s: Settlement): SettledForecast => ({
  predictionId: s.predictionId,
  status: s.status,
  ...s.forecast,
});

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
 * Settles many due paid predictions of one wallet (the caller has read them: active, paid, this wallet's) with the
 * ledger's own `settle` rule (charge on hit, release on miss), one transaction per chunk, so the wallet document is
 * locked a few times instead of once per prediction. Inside a transaction every `settle:{predictionId}` id is
 * checked first (at most once, as `applyLedgerOperation` does). Returns how many were settled now.
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
  return runTransaction(
    db,
    async (tx) => {
      // The `settle:` documents alone decide what is done: the prediction's status changes in the same transaction
      // as its settlement is created, so the prediction itself need not be read again.
      const [walletSnap, ...txSnaps] = await tx.getAll(walletRef, ...txRefs);
      assertInvariant(walletSnap?.exists, `settling predictions of ${userId}, whose wallet does not exist`);
      const existing = new Set(txSnaps.filter((s) => s.exists).map((s) => s.id));

      const before = Wallet.parse(walletSnap.data());
      let wallet = before;
      const appended: Transaction[] = [];
      const settledNow: Settlement[] = [];
      for (const s of settlements) {
        const txId = ledgerTxId.settle(s.predictionId);
        const decision = applyOnce(existing, txId, () =>
          settle(wallet, { predictionId: s.predictionId, ticker: s.ticker, outcome: s.status, isFree: false, now }),
        );
        if (decision === ALREADY_APPLIED) continue;
        wallet = decision.wallet;
        appended.push(...decision.transactions);
        const resolved = { status: s.status, actualPrice: s.actualPrice, [RESOLVED_BY_RUN]: runId };
        tx.update(predictionRef(db, s.predictionId), resolved);
        settledNow.push(s);
      }
      if (appended.length === 0) return 0;
      addToLiveTrackRecord(tx, db, settledNow.map(settledForecast));
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

/** What a settlement shard left behind, read by id: its wallets, its predictions and their ledger traces. */
export interface SettlementFacts {
  wallets: Map<string, Wallet>;
  predictions: Map<string, Prediction & { resolvedByRun?: string }>;
  /** `reserve:` and `settle:` transactions by id. */
  transactions: Map<string, Transaction>;
}

export async function readSettlementFacts(
  db: Firestore,
  ownerIds: readonly string[],
  predictionIds: readonly string[],
): Promise<SettlementFacts> {
  const facts: SettlementFacts = { wallets: new Map(), predictions: new Map(), transactions: new Map() };
  const refs = [
    ...ownerIds.map((id) => db.collection(COLLECTIONS.wallets).doc(id)),
    ...predictionIds.map((id) => predictionRef(db, id)),
    ...predictionIds.flatMap((id) =>
      [ledgerTxId.reserve(id), ledgerTxId.settle(id)].map((txId) => db.collection(COLLECTIONS.transactions).doc(txId)),
    ),
  ];
  for (const part of chunk(refs, BATCH_WRITES)) {
    for (const snap of await db.getAll(...part)) {
      if (!snap.exists) continue;
      const collection = snap.ref.parent.id;
      if (collection === COLLECTIONS.wallets) facts.wallets.set(snap.id, Wallet.parse(snap.data()));
      else if (collection === COLLECTIONS.transactions) {
        facts.transactions.set(snap.id, Transaction.parse({ ...snap.data(), id: snap.id }));
      } else {
        const resolvedByRun = snap.get(RESOLVED_BY_RUN) as string | undefined;
        facts.predictions.set(snap.id, { ...Prediction.parse(snap.data()), resolvedByRun });
      }
    }
  }
  return facts;
}
