import type { Firestore } from 'firebase-admin/firestore';
import { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { resetAllowanceIfDue } from '../../domain/ledger';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * Renews a wallet's monthly free predictions when its reset date has come (idempotent: the rule looks at dates
 * only). Its own transaction, for the dry run before a generate's fit and in maintenance (a generate's own
 * reservation renews inside its ledger transaction): a reset moves no money, so it is no ledger operation. Returns the wallet as the transaction left it (null when the user has none, or an older wallet that
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

/**
 * A wallet as it should be shown: with the monthly allowance renewed when its reset date has passed (issue 13), not
 * "0 free, resets on" a past date until the next maintenance run. Renewing is the write maintenance would make, so
 * a read that finds it due makes it; a wallet not due costs no extra read.
 */
export async function withRenewedAllowance(db: Firestore, wallet: Wallet, clock: Clock): Promise<Wallet> {
  if (wallet.resetDate > clock.today()) return wallet;
  return (await renewAllowanceIfDue(db, wallet.userId, clock)).wallet ?? wallet;
}
