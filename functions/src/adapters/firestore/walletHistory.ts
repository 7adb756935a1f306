import type { Firestore } from 'firebase-admin/firestore';
import type { Transaction } from '@stockseer/contract';
import { TRANSACTION_HISTORY_LIMIT, Wallet, type TransactionLine } from '@stockseer/contract';
import { newestLineFirst, predictionIdOfLine } from '../../domain/ledger/lines';
import { COLLECTIONS } from './db';
import { storedLine } from './storedLine';
import { predictionsByIds } from './predictions';
import { buildQuery, QUERIES } from './queries';
import { runTransaction } from './runTransaction';

/** A wallet and its latest ledger lines, as one snapshot: what a statement is made of. */
export interface WalletHistory {
  /** Null before the wallet is opened (or for a wallet of the original app that lacks a figure). */
  wallet: Wallet | null;
  /** Newest first (the date, then the order the lines were written), at most the limit asked for. */
  lines: Transaction[];
  /** False when older lines were left out. */
  whole: boolean;
}

/**
 * Reads the wallet and its latest `limit` lines (the Payment History's, or the admin's customer view's larger one) in
 * one read-only transaction, so that the figures and the lines agree even while money moves (one line more than is
 * shown tells whether older ones exist).
 */
export async function walletHistory(
  db: Firestore,
  walletId: string,
  now: Date,
  limit: number = TRANSACTION_HISTORY_LIMIT,
): Promise<WalletHistory> {
  const [walletSnap, linesSnap] = await runTransaction(
    db,
    (tx) =>
      Promise.all([
        tx.get(db.collection(COLLECTIONS.wallets).doc(walletId)),
        tx.get(buildQuery(db, QUERIES.walletHistory, [walletId]).limit(limit + 1)),
      ]),
    { readOnly: true },
  );
  const lines = linesSnap.docs
    .map((doc) => ({ ...storedLine(doc, now), writtenAt: doc.createTime.toMillis() }))
    .sort(newestLineFirst)
    .map(({ writtenAt: _, ...line }) => line);
  const wallet = Wallet.safeParse(walletSnap.data());
  return {
    wallet: wallet.success ? wallet.data : null,
    lines: lines.slice(0, limit),
    whole: lines.length <= limit,
  };
}

/**
 * The lines, each with the model and time frame of the prediction it was written for (null for deposits and the
 * like): one read of the predictions for all of them.
 */
export async function withPredictions<T extends Pick<Transaction, 'id'>>(
  db: Firestore,
  lines: readonly T[],
): Promise<(T & { prediction: TransactionLine['prediction'] })[]> {
  const predictionIds = [...new Set(lines.map((line) => predictionIdOfLine(line.id)).filter((id) => id !== null))];
  const predictions = new Map((await predictionsByIds(db, predictionIds)).map((p) => [p.id, p]));
  return lines.map((line) => {
    const prediction = predictions.get(predictionIdOfLine(line.id) ?? '');
    return {
      ...line,
      prediction: prediction ? { modelName: prediction.modelName, timeFrame: prediction.timeFrame } : null,
    };
  });
}
