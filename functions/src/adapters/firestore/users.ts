import type { Firestore } from 'firebase-admin/firestore';
import { UserProfile, Wallet, type MeResponse } from '@stockseer/contract';
import { newWallet } from '../../domain/ledger';
import type { Caller } from '../../domain/caller';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * First sign-in creates the user document and the wallet in one transaction; later calls only refresh the
 * profile. Idempotent: concurrent first calls converge on one user and one wallet (the transaction retries).
 * Also the original app's migration: a wallet lacking `chargedBalance` gets 0.
 */
export async function ensureUserAndWallet(db: Firestore, caller: Caller, now: Date): Promise<MeResponse> {
  const userRef = db.collection(COLLECTIONS.users).doc(caller.uid);
  const walletRef = db.collection(COLLECTIONS.wallets).doc(caller.uid);
  return runTransaction(db, async (tx) => {
    const [userSnap, walletSnap] = await tx.getAll(userRef, walletRef);
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

    let wallet: Wallet;
    if (!walletSnap?.exists) {
      wallet = newWallet(caller.uid, now);
      tx.set(walletRef, wallet);
    } else {
      const raw = walletSnap.data() ?? {};
      if (typeof raw.chargedBalance !== 'number') {
        tx.update(walletRef, { chargedBalance: 0, updatedAt: stamp });
        wallet = Wallet.parse({ ...raw, chargedBalance: 0, updatedAt: stamp });
      } else {
        wallet = Wallet.parse(raw);
      }
    }
    return { user, wallet };
  });
}
