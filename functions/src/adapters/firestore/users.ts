import type { Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import { UserProfile, type MeResponse } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';
import { walletOf } from './walletWriter';

const userRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.users).doc(uid);

/**
 * First sign-in opens the wallet and writes the user document in one commit (the wallet writer's `onOpen`), so
 * there is never a wallet without its user; then, on every call, the profile is refreshed when the sign-in's
 * details changed. Idempotent: concurrent first calls converge on one user and one wallet (each transaction retries).
 */
export async function ensureUserAndWallet(db: Firestore, caller: Caller, now: Date): Promise<MeResponse> {
  const wallet = await walletOf(db, caller.uid, now, profileWithWallet(db, caller, now));
  return { user: await saveProfile(db, caller, now), wallet };
}

/**
 * The caller's profile, written with the wallet the caller's request opens (sign-up, or a first generate or wallet
 * read before it): the wallet writer calls it only in the commit that creates the wallet. A user document found
 * then (none is written without a wallet) takes the wallet's opening as its creation.
 */
export function profileWithWallet(db: Firestore, caller: Caller, now: Date) {
  return (tx: FirestoreTransaction) => tx.set(userRef(db, caller.uid), profileOf(caller, undefined, now.toISOString()));
}

function profileOf(caller: Caller, existing: UserProfile | undefined, stamp: string): UserProfile {
  return {
    id: caller.uid,
    displayName: caller.displayName ?? existing?.displayName ?? null,
    email: caller.email ?? existing?.email ?? null,
    photoURL: caller.photoURL ?? existing?.photoURL ?? null,
    isAdmin: caller.isAdmin,
    createdAt: existing?.createdAt ?? stamp,
    updatedAt: stamp,
  };
}

async function saveProfile(db: Firestore, caller: Caller, now: Date): Promise<UserProfile> {
  const ref = userRef(db, caller.uid);
  return runTransaction(db, async (tx) => {
    const userSnap = await tx.get(ref);
    const existingUser = userSnap?.exists ? UserProfile.parse(userSnap.data()) : undefined;
    const user = profileOf(caller, existingUser, now.toISOString());
    const changed =
      !existingUser ||
      (['displayName', 'email', 'photoURL', 'isAdmin'] as const).some((k) => existingUser[k] !== user[k]);
    if (changed) tx.set(ref, user);
    else user.updatedAt = existingUser.updatedAt;

    return user;
  });
}

/** The user document as stored; undefined for an account that never opened the app (or one of no known shape). */
export async function userProfileOf(db: Firestore, uid: string): Promise<UserProfile | undefined> {
  const parsed = UserProfile.safeParse((await userRef(db, uid).get()).data());
  return parsed.success ? parsed.data : undefined;
}
