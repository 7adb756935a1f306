import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { Transaction, TRANSACTION_HISTORY_LIMIT, type TransactionLine } from '@stockseer/contract';
import { newestLineFirst, predictionIdOfLine } from '../../domain/ledgerLines';
import { predictionsByIds } from './predictions';
import { buildQuery, QUERIES } from './queries';

/**
 * A wallet's history for the Payment History list: newest first (the date, then the order the lines were written),
 * each prediction's lines with its model and time frame.
 */
export async function recentTransactions(db: Firestore, walletId: string, now: Date): Promise<TransactionLine[]> {
  const snap = await buildQuery(db, QUERIES.walletHistory, [walletId]).limit(TRANSACTION_HISTORY_LIMIT).get();
  const lines = snap.docs
    .map((doc) => ({ ...storedTransaction(doc.id, doc.data(), now), writtenAt: doc.createTime.toMillis() }))
    .sort(newestLineFirst);
  const predictionIds = [...new Set(lines.map((line) => predictionIdOfLine(line.id)).filter((id) => id !== null))];
  const predictions = new Map((await predictionsByIds(db, predictionIds)).map((p) => [p.id, p]));
  return lines.map(({ writtenAt: _, ...line }) => {
    const prediction = predictions.get(predictionIdOfLine(line.id) ?? '');
    return {
      ...line,
      prediction: prediction ? { modelName: prediction.modelName, timeFrame: prediction.timeFrame } : null,
    };
  });
}

/**
 * SPEC 3: a transaction's date falls back to createdAt, then to now. Our ledger always writes both; the fallback is
 * for documents of the original app, whose `date` may be null.
 */
export function storedTransaction(id: string, data: DocumentData, now: Date): Transaction {
  const date = data.date ?? data.createdAt ?? now.toISOString();
  return Transaction.parse({ ...data, id, date, createdAt: data.createdAt ?? date });
}
