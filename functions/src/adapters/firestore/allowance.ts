import type { Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { renewalStep, type WalletStep } from '../../domain/ledger';
import { allowanceRenewed } from '../../domain/notifications';
import { notificationWrite } from './notifications';
import { commitToWallet, type CommitOutcome, type WalletCommit } from './walletWriter';

/**
 * Renews a wallet's monthly free predictions when its reset date has come (idempotent: the rule looks at dates
 * only), through the wallet writer in a transaction of its own: for the dry run before a generate's fit and in
 * maintenance (a generate's own reservation renews inside its commit). A missing wallet is opened (with `onOpen`'s
 * writes: the caller's profile). Returns the wallet as the commit left it and whether it was renewed, so that a
 * generate needs no second read for its dry run. The renewal's inbox entry is written with it, stamped with `runId`
 * when daily maintenance renews.
 */
export async function renewAllowanceIfDue(
  db: Firestore,
  userId: string,
  clock: Clock,
  { onOpen, runId = null }: { onOpen?: WalletCommit<WalletStep>['onOpen']; runId?: string | null } = {},
): Promise<{ wallet: Wallet; renewed: boolean }> {
  const now = clock.now();
  const steps = [renewalStep({ today: clock.today(), now })];
  const { wallet, applied } = await commitToWallet(db, {
    userId,
    now,
    steps,
    onOpen,
    alsoWrite: (tx, renewed) => writeRenewalNotice(tx, db, { userId, now, runId }, renewed),
  });
  return { wallet, renewed: applied.length > 0 };
}

/**
 * The inbox entry of a renewal among a commit's applied steps (a renewal is the one step that appends no line), in
 * the commit's transaction: so it is written once, whichever request or run renewed.
 */
export function writeRenewalNotice(
  tx: FirestoreTransaction,
  db: Firestore,
  { userId, now, runId }: { userId: string; now: Date; runId: string | null },
  applied: CommitOutcome<WalletStep>['applied'],
): void {
  const renewal = applied.find(({ step }) => step.txId === null);
  if (renewal) tx.create(...notificationWrite(db, userId, allowanceRenewed(renewal.decision.wallet, runId), now));
}

/**
 * A wallet as it should be shown: with the monthly allowance renewed when its reset date has passed (issue 13), not
 * "0 free, resets on" a past date until the next maintenance run. Renewing is the write maintenance would make, so
 * a read that finds it due makes it; a wallet not due costs no extra read.
 */
export async function withRenewedAllowance(db: Firestore, wallet: Wallet, clock: Clock): Promise<Wallet> {
  if (wallet.resetDate > clock.today()) return wallet;
  return (await renewAllowanceIfDue(db, wallet.userId, clock)).wallet;
}
