import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { MeResponse } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../tools/testing/api';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../../tools/lib/emulatorSignIn';
import { migrateWalletShapes } from '../adapters/firestore/walletWriter';

const { auth, db } = adminSdk();

describe('POST /api/me through Hosting, Functions, Auth and Firestore emulators', () => {
  it('answers 401 with a JSON message without a token or with a bad one', async () => {
    const none = await apiCall<{ message: string }>('/api/me', { method: 'POST' });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/sign in/i);
    const bad = await apiCall<{ message: string }>('/api/me', { method: 'POST', token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toMatch(/invalid or expired token/i);
  });

  it('creates the user and a default wallet on first sign-in, once, even when called concurrently', async () => {
    const user = await newTestUser('first');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => apiCall('/api/me', { method: 'POST', token: user.token })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = results.map((r) => MeResponse.parse(r.body));
    const { user: profile, wallet } = bodies[0]!;
    expect(profile).toMatchObject({ id: user.uid, email: user.email, displayName: user.displayName, isAdmin: false });
    expect(wallet).toMatchObject({
      userId: user.uid,
      balance: 0,
      reservedBalance: 0,
      chargedBalance: 0,
      freePredictions: 5,
    });
    // Every concurrent call saw the same wallet: one creation won, the others read it.
    expect(new Set(bodies.map((b) => b.wallet.createdAt)).size).toBe(1);
    const created = new Date(wallet.createdAt);
    const expectedReset = new Date(created);
    expectedReset.setUTCMonth(expectedReset.getUTCMonth() + 1);
    expect(Math.abs(new Date(`${wallet.resetDate}T12:00:00Z`).getTime() - expectedReset.getTime())).toBeLessThan(
      3 * 86_400_000,
    );
    const walletDoc = await db.collection('wallets').doc(user.uid).get();
    expect(walletDoc.data()).toMatchObject({ balance: 0, freePredictions: 5 });
    // Sign-up is one commit: the user document was written with the wallet, and not again.
    const userDoc = await db.collection('users').doc(user.uid).get();
    expect(userDoc.createTime!.isEqual(walletDoc.createTime!)).toBe(true);
    expect(userDoc.updateTime!.isEqual(walletDoc.createTime!)).toBe(true);
  });

  it('writes the profile with a wallet opened by a first generate or wallet read, before any /api/me', async () => {
    const [generating, reading] = await Promise.all([newTestUser('first-generate'), newTestUser('first-wallet')]);
    const generate = await apiCall('/api/predictions/generate', {
      token: generating.token,
      body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
    });
    expect(generate.status).toBe(200);
    expect((await apiCall('/api/wallet', { token: reading.token })).status).toBe(200);
    for (const user of [generating, reading]) {
      const [userDoc, walletDoc] = await db.getAll(
        db.collection('users').doc(user.uid),
        db.collection('wallets').doc(user.uid),
      );
      expect(userDoc!.data()).toMatchObject({ id: user.uid, email: user.email, displayName: user.displayName });
      expect(userDoc!.createTime!.isEqual(walletDoc!.createTime!)).toBe(true);
    }
  });

  it('refuses a wallet of the original app (no chargedBalance) until the one-time migration gives it a zero', async () => {
    const user = await newTestUser('legacy');
    await apiCall('/api/me', { method: 'POST', token: user.token });
    await db.collection('wallets').doc(user.uid).update({ chargedBalance: FieldValue.delete(), balance: 700 });
    // The wallet writer reads the current shape only: an unmigrated wallet is a loud error, never a silent repair.
    expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(500);
    await migrateWalletShapes(db, new Date());
    const res = await apiCall('/api/me', { method: 'POST', token: user.token });
    expect(res.status).toBe(200);
    expect(MeResponse.parse(res.body).wallet).toMatchObject({ chargedBalance: 0, balance: 700 });
    expect((await db.collection('wallets').doc(user.uid).get()).data()?.chargedBalance).toBe(0);
  });

  it('mirrors the admin custom claim into the profile', async () => {
    const user = await newTestUser('claimed');
    await auth.setCustomUserClaims(user.uid, { admin: true });
    const { idToken } = await emulatorSignIn(user);
    const res = await apiCall('/api/me', { method: 'POST', token: idToken });
    expect(MeResponse.parse(res.body).user.isAdmin).toBe(true);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const user = await newTestUser('lost');
    const res = await apiCall<{ message: string }>('/api/nowhere', { token: user.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('/api/nowhere');
  });
});
