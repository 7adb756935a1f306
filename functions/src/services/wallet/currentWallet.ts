import type { Firestore } from 'firebase-admin/firestore';
import type { Wallet } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import type { Caller } from '../../domain/caller';
import { walletOf } from '../../adapters/firestore/wallets';
import { withRenewedAllowance } from '../../adapters/firestore/allowance';

/** The caller's wallet as of now: opened on first use, its monthly free predictions renewed when due. */
export async function currentWallet(db: Firestore, caller: Caller, clock: Clock): Promise<Wallet> {
  return withRenewedAllowance(db, await walletOf(db, caller, clock.now()), clock);
}
