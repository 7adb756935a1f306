import type { Firestore } from 'firebase-admin/firestore';
import type { Transaction } from '@stockseer/contract';
import { Prediction, Wallet } from '@stockseer/contract';
import { ledgerTxId } from '../../domain/ledger';
import { chunk } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { storedLine } from './storedLine';
import { predictionRef } from './predictions';
import { RESOLVED_BY_RUN } from './walletSettlement';

/** Documents read per call. */
const READ_CHUNK = 400;

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
  for (const part of chunk(refs, READ_CHUNK)) {
    for (const snap of await db.getAll(...part)) {
      if (!snap.exists) continue;
      const collection = snap.ref.parent.id;
      if (collection === COLLECTIONS.wallets) facts.wallets.set(snap.id, Wallet.parse(snap.data()));
      else if (collection === COLLECTIONS.transactions) {
        facts.transactions.set(snap.id, storedLine(snap));
      } else {
        const resolvedByRun = snap.get(RESOLVED_BY_RUN) as string | undefined;
        facts.predictions.set(snap.id, { ...Prediction.parse(snap.data()), resolvedByRun });
      }
    }
  }
  return facts;
}
