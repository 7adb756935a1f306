/** The caller's account: their user record and wallet, opened together on first use (as `POST /api/me` does). */
import type { Firestore } from 'firebase-admin/firestore';
import type { MeResponse, Wallet } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import type { Caller } from '../domain/caller';
import { ensureUserAndWallet, profileWithWallet } from '../adapters/firestore/users';
import { walletOf } from '../adapters/firestore/walletWriter';
import { withRenewedAllowance } from '../adapters/firestore/allowance';
import { markActive } from '../adapters/firestore/businessFigures';

/**
 * Right after sign-in: the caller's profile and wallet, both created on first use, the profile refreshed after; the
 * caller counts as active today on the overview (docs/product.md#overview).
 */
export async function openAccount(db: Firestore, caller: Caller, clock: Clock): Promise<MeResponse> {
  const [account] = await Promise.all([
    ensureUserAndWallet(db, caller, clock.now()),
    markActive(db, caller.uid, clock.now()),
  ]);
  return account;
}

/**
 * The caller's wallet as of now: opened on first use (with the caller's profile), its monthly free predictions
 * renewed when due.
 */
export async function currentWallet(db: Firestore, caller: Caller, clock: Clock): Promise<Wallet> {
  const now = clock.now();
  return withRenewedAllowance(db, await walletOf(db, caller.uid, now, profileWithWallet(db, caller, now)), clock);
}
