import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS } from './db';
import { notificationWrite } from './notifications';
import { allowanceRenewed } from '../../domain/notifications';
import { adminSdk } from '../../../../tools/lib/adminSdk';

/**
 * The browser never reads or writes Firestore (docs/architecture.md#platform), its own inbox included: every client is
 * denied everything. These run the real rules in the Firestore emulator as a signed-in client, on documents that
 * belong to that very user, and as an admin-claimed and an anonymous client.
 */
const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
const UID = `rules-${Date.now()}`;
const AUDIT_ID = `courtesy_credit:${UID}`;
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
    await setDoc(doc(db, COLLECTIONS.auditLog, AUDIT_ID), {
      id: AUDIT_ID,
      action: 'courtesy_credit',
      targetUserId: UID,
    });
  });
});

afterAll(async () => {
  await env.withSecurityRulesDisabled(async (admin) => {
    const db = admin.firestore();
    await deleteDoc(doc(db, COLLECTIONS.users, UID));
    await deleteDoc(doc(db, COLLECTIONS.wallets, UID));
    await deleteDoc(doc(db, COLLECTIONS.transactions, `deposit:pi_${UID}`));
    await deleteDoc(doc(db, COLLECTIONS.auditLog, AUDIT_ID));
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

  describe("a user's inbox (users/{uid}/notifications)", () => {
    const OTHER = `${UID}-other`;
    const inbox = (uid: string) => `${COLLECTIONS.users}/${uid}/${COLLECTIONS.notifications}`;
    let entryId: string;
    beforeAll(async () => {
      // Written as the functions write it: a Timestamp and every field of the contract.
      const { db } = adminSdk();
      const renewed = allowanceRenewed({ freePredictions: 5, resetDate: '2026-12-26' }, null);
      for (const uid of [UID, OTHER]) {
        const [ref, data] = notificationWrite(db, uid, renewed, new Date());
        await ref.set(data);
        entryId = ref.id;
      }
    });

    it('denies its owner reading, listing or marking it read: the inbox is read through the API', async () => {
      const db = env.authenticatedContext(UID, { email: 'rules@test' }).firestore();
      const ref = doc(db, inbox(UID), entryId);
      await assertFails(getDoc(ref));
      await assertFails(getDocs(collection(db, inbox(UID))));
      await assertFails(updateDoc(ref, { read: true }));
      await assertFails(updateDoc(ref, { read: false }));
      await assertFails(setDoc(ref, { read: true }));
      await assertFails(setDoc(doc(db, inbox(UID), 'made-up'), { kind: 'allowance.renewed', read: false }));
      await assertFails(deleteDoc(ref));
    });

    it("denies anyone reading or writing another user's inbox", async () => {
      const db = env.authenticatedContext(UID, { email: 'rules@test' }).firestore();
      await assertFails(getDoc(doc(db, inbox(OTHER), entryId)));
      await assertFails(getDocs(collection(db, inbox(OTHER))));
      await assertFails(updateDoc(doc(db, inbox(OTHER), entryId), { read: true }));
      const admin = env.authenticatedContext('some-admin', { admin: true }).firestore();
      await assertFails(getDoc(doc(admin, inbox(UID), entryId)));
      const anonymous = env.unauthenticatedContext().firestore();
      await assertFails(getDoc(doc(anonymous, inbox(UID), entryId)));
      await assertFails(updateDoc(doc(anonymous, inbox(UID), entryId), { read: true }));
    });
  });

  it('denies an admin-claimed client and an anonymous client too', async () => {
    const admin = env.authenticatedContext('some-admin', { admin: true }).firestore();
    await assertFails(getDoc(doc(admin, COLLECTIONS.wallets, UID)));
    await assertFails(setDoc(doc(admin, COLLECTIONS.settings, 'defaultModels'), { short: 'naive' }));
    const anonymous = env.unauthenticatedContext().firestore();
    await assertFails(getDoc(doc(anonymous, COLLECTIONS.users, UID)));
    await assertFails(setDoc(doc(anonymous, COLLECTIONS.predictions, 'p1'), { status: 'hit' }));
  });

  it('denies every client the audit log, an admin-claimed one too: admin data is read through the API', async () => {
    for (const client of [
      env.authenticatedContext('some-admin', { admin: true }).firestore(),
      env.authenticatedContext(UID, { email: 'rules@test' }).firestore(),
      env.authenticatedContext('not-admin', { admin: false }).firestore(),
      env.unauthenticatedContext().firestore(),
    ]) {
      await assertFails(getDoc(doc(client, COLLECTIONS.auditLog, AUDIT_ID)));
      await assertFails(getDocs(collection(client, COLLECTIONS.auditLog)));
      await assertFails(setDoc(doc(client, COLLECTIONS.auditLog, 'forged'), { action: 'refund' }));
      await assertFails(updateDoc(doc(client, COLLECTIONS.auditLog, AUDIT_ID), { reason: 'rewritten' }));
      await assertFails(deleteDoc(doc(client, COLLECTIONS.auditLog, AUDIT_ID)));
    }
  });
});
