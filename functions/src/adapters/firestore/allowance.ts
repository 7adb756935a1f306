import type { Firestore } from 'firebase-admin/firestore';
import { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { resetAllowanceIfDue } from '../../domain/ledger';
import { COLLECTIONS } from './db';
import { runTransaction } from './outage';

/**
 * Renews a wallet's monthly free predictions when its reset date has come (idempotent: the rule looks at dates
 * only). Its own transaction, before a generate and in maintenance: a reset moves no money, so it is no ledger
 * operation. Returns the wallet as the transaction left it (null when the user has none, or an older wallet that
 * does not parse yet: `walletOf` creates or migrates those) and whether it was reset, so that a generate needs no
 * second read for its dry run.
 */
export async function renewAllowanceIfDue(
  db: Firestore,
  userId: string,
  clock: Clock,
): Promise<{ wallet: Wallet | null; renewed: boolean }> {
  const ref = db.collection(COLLECTIONS.wallets).doc(userId);
  return runTransaction(db, async (tx) => {
    const parsed = Wallet.safeParse((await tx.get(ref)).data());
    if (!parsed.success) return { wallet: null, renewed: false };
    const renewed = resetAllowanceIfDue(parsed.data, { today: clock.today(), now: clock.now() });
    if (renewed) tx.set(ref, renewed);
    return { wallet: renewed ?? parsed.data, renewed: renewed !== null };
  });
}
