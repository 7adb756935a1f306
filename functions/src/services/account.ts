/** The caller's account: their user record and wallet, opened together on first use (as `POST /api/me` does). */
import type { Firestore } from 'firebase-admin/firestore';
import type { MeResponse, Wallet } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import type { Caller } from '../domain/caller';
import { ensureUserAndWallet, profileWithWallet } from '../adapters/firestore/users';
import { walletOf } from '../adapters/firestore/walletWriter';
import { withRenewedAllowance } from '../adapters/firestore/allowance';

/** Right after sign-in: the caller's profile and wallet, both created on first use, the profile refreshed after. */
export function openAccount(db: Firestore, caller: Caller, clock: Clock): Promise<MeResponse> {
  return ensureUserAndWallet(db, caller, clock.now());
}

/**
 * The caller's wallet as of now: opened on first use (with the caller's profile), its monthly free predictions
 * renewed when due.
 */
export async function currentWallet(db: Firestore, caller: Caller, clock: Clock): Promise<Wallet> {
  const now = clock.now();
  return withRenewedAllowance(db, await walletOf(db, caller.uid, now, profileWithWallet(db, caller, now)), clock);
}
