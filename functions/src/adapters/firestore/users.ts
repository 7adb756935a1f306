import type { Firestore } from 'firebase-admin/firestore';
import { UserProfile, type MeResponse } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';
import { walletOf } from './walletWriter';

/**
 * First sign-in creates the user document and, through the wallet writer, the wallet, side by side (two documents,
 * so neither waits on the other); later calls only refresh the profile. Idempotent: concurrent first calls converge
 * on one user and one wallet (each transaction retries).
 */
export async function ensureUserAndWallet(db: Firestore, caller: Caller, now: Date): Promise<MeResponse> {
  const [user, wallet] = await Promise.all([saveProfile(db, caller, now), walletOf(db, caller.uid, now)]);
  return { user, wallet };
}

async function saveProfile(db: Firestore, caller: Caller, now: Date): Promise<UserProfile> {
  const userRef = db.collection(COLLECTIONS.users).doc(caller.uid);
  return runTransaction(db, async (tx) => {
    const userSnap = await tx.get(userRef);
    const stamp = now.toISOString();
    const existingUser = userSnap?.exists ? UserProfile.parse(userSnap.data()) : undefined;
    const user: UserProfile = {
      id: caller.uid,
      displayName: caller.displayName ?? existingUser?.displayName ?? null,
      email: caller.email ?? existingUser?.email ?? null,
      photoURL: caller.photoURL ?? existingUser?.photoURL ?? null,
      isAdmin: caller.isAdmin,
      createdAt: existingUser?.createdAt ?? stamp,
      updatedAt: stamp,
    };
    const changed =
      !existingUser ||
      (['displayName', 'email', 'photoURL', 'isAdmin'] as const).some((k) => existingUser[k] !== user[k]);
    if (changed) tx.set(userRef, user);
    else user.updatedAt = existingUser.updatedAt;

    return user;
  });
}
