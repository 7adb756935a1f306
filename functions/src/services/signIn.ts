import type { Firestore } from 'firebase-admin/firestore';
import type { MeResponse } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import type { Caller } from '../domain/caller';
import { ensureUserAndWallet } from '../adapters/firestore/users';

/** Right after sign-in: the caller's profile and wallet, both created on first use. */
export function signIn(db: Firestore, caller: Caller, clock: Clock): Promise<MeResponse> {
  return ensureUserAndWallet(db, caller, clock.now());
}
