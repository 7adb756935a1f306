import type { Firestore } from 'firebase-admin/firestore';
import { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { resetAllowanceIfDue } from '../../domain/ledger';
import { COLLECTIONS } from './db';
import { runTransaction } from './outage';

/**
 * Renews a wallet's monthly free predictions when its reset date has come (idempotent: the rule looks at dates
 * only). Its own transaction, before a generate and in maintenance: a reset moves no money, so it is no ledger
 * operation. Returns whether the wallet was reset.
 */
export async function renewAllowanceIfDue(db: Firestore, userId: string, clock: Clock): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.wallets).doc(userId);
  return runTransaction(db, async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    const renewed = resetAllowanceIfDue(Wallet.parse(snap.data()), { today: clock.today(), now: clock.now() });
    if (renewed) tx.set(ref, renewed);
    return renewed !== null;
  });
}
