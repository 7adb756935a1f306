import type { Firestore } from 'firebase-admin/firestore';
import type { TransactionLine } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { recentTransactions } from '../../adapters/firestore/walletHistory';

/** The caller's Payment History, newest first. */
export function paymentHistory(db: Firestore, uid: string, clock: Clock): Promise<TransactionLine[]> {
  return recentTransactions(db, uid, clock.now());
}
