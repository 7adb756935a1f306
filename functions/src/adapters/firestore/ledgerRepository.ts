import type { Firestore } from 'firebase-admin/firestore';
import { Transaction, Wallet } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';

/** A wallet and its whole history, for `checkInvariants` in maintenance and tests. Reads only. */
export async function readLedger(
  db: Firestore,
  userId: string,
): Promise<{ wallet: Wallet; transactions: Transaction[] } | undefined> {
  const [walletSnap, txSnaps] = await Promise.all([
    db.collection(COLLECTIONS.wallets).doc(userId).get(),
    buildQuery(db, QUERIES.walletLedger, [userId]).get(),
  ]);
  if (!walletSnap.exists) return undefined;
  return {
    wallet: Wallet.parse(walletSnap.data()),
    transactions: txSnaps.docs.map((doc) => Transaction.parse({ ...doc.data(), id: doc.id })),
  };
}

