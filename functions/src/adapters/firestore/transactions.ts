import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { Transaction, TRANSACTION_HISTORY_LIMIT } from '@stockseer/contract';
import { buildQuery, QUERIES } from './queries';

/** A wallet's history, newest first, for the Payment History list. */
export async function recentTransactions(db: Firestore, walletId: string, now: Date): Promise<Transaction[]> {
  const snap = await buildQuery(db, QUERIES.walletHistory, [walletId]).limit(TRANSACTION_HISTORY_LIMIT).get();
  return snap.docs.map((doc) => storedTransaction(doc.id, doc.data(), now));
}

/**
 * SPEC 3: a transaction's date falls back to createdAt, then to now. Our ledger always writes both; the fallback is
 * for documents of the original app, whose `date` may be null.
 */
export function storedTransaction(id: string, data: DocumentData, now: Date): Transaction {
  const date = data.date ?? data.createdAt ?? now.toISOString();
  return Transaction.parse({ ...data, id, date, createdAt: data.createdAt ?? date });
}
