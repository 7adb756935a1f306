import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS } from './db';

/**
 * The browser never reads or writes Firestore (docs/architecture.md#platform). These run the real rules in the
 * Firestore emulator as a signed-in client, on documents that belong to that very user.
 */
const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
const UID = `rules-${Date.now()}`;
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-stockseer',
    firestore: { host: host!, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
  await env.withSecurityRulesDisabled(async (admin) => {
    const db = admin.firestore();
    await setDoc(doc(db, COLLECTIONS.users, UID), { id: UID, email: 'rules@test' });
    await setDoc(doc(db, COLLECTIONS.wallets, UID), { userId: UID, balance: 0 });
    await setDoc(doc(db, COLLECTIONS.transactions, `deposit:pi_${UID}`), { walletId: UID, amount: 500 });
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (admin) => {
    const db = admin.firestore();
    await deleteDoc(doc(db, COLLECTIONS.users, UID));
    await deleteDoc(doc(db, COLLECTIONS.wallets, UID));
    await deleteDoc(doc(db, COLLECTIONS.transactions, `deposit:pi_${UID}`));
  });
  await env.cleanup();
});

const OWN_DOCS = [
  [COLLECTIONS.users, () => UID],
  [COLLECTIONS.wallets, () => UID],
  [COLLECTIONS.transactions, () => `deposit:pi_${UID}`],
] as const;

describe('firestore.rules', () => {
  for (const [collectionName, id] of OWN_DOCS) {
    it(`denies a signed-in user reading, listing or writing their own ${collectionName} document`, async () => {
      const db = env.authenticatedContext(UID, { email: 'rules@test' }).firestore();
      const ref = doc(db, collectionName, id());
      await assertFails(getDoc(ref));
      await assertFails(getDocs(collection(db, collectionName)));
      await assertFails(setDoc(ref, { balance: 1_000_000 }));
      await assertFails(updateDoc(ref, { balance: 1_000_000 }));
      await assertFails(deleteDoc(ref));
    });
  }

  it('denies an admin-claimed client and an anonymous client too', async () => {
    const admin = env.authenticatedContext('some-admin', { admin: true }).firestore();
    await assertFails(getDoc(doc(admin, COLLECTIONS.wallets, UID)));
    await assertFails(setDoc(doc(admin, COLLECTIONS.settings, 'defaultModels'), { short: 'naive' }));
    const anonymous = env.unauthenticatedContext().firestore();
    await assertFails(getDoc(doc(anonymous, COLLECTIONS.users, UID)));
    await assertFails(setDoc(doc(anonymous, COLLECTIONS.predictions, 'p1'), { status: 'hit' }));
  });
});
