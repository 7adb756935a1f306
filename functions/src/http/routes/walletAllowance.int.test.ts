import { describe, expect, it } from 'vitest';
import { NotificationsPage, Wallet } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { adminSdk } from '../../../../tools/lib/adminSdk';

const { db } = adminSdk();

// Issue 13: between a wallet's reset date and the next maintenance run, the wallet showed "0 free, resets on" a
// date already past. Reading it renews the allowance instead.
describe('the monthly allowance is renewed when the wallet is read', () => {
  it('GET /api/wallet shows 5 free predictions and the next reset date once the reset date has passed', async () => {
    const user = await newTestUser('renew-on-read');
    const created = Wallet.parse((await apiCall('/api/wallet', { token: user.token })).body);
    // A date before any the time machine is set to by other tests, so it has passed whatever today is.
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0, resetDate: '2020-01-15' });

    const res = await apiCall('/api/wallet', { token: user.token });
    expect(res.status).toBe(200);
    const shown = Wallet.parse(res.body);
    expect(shown.freePredictions).toBe(5);
    expect(shown.resetDate > '2020-01-15').toBe(true);
    expect(shown).toMatchObject({ balance: created.balance, reservedBalance: 0, chargedBalance: 0 });
    // The renewal is stored, as the maintenance run would have stored it: a second read agrees.
    expect(Wallet.parse((await db.collection('wallets').doc(user.uid).get()).data())).toEqual(shown);
    // With its inbox entry, once (no run wrote it); the second read renewed nothing.
    const inbox = NotificationsPage.parse((await apiCall('/api/notifications', { token: user.token })).body);
    expect(inbox.notifications).toEqual([
      expect.objectContaining({
        id: `renewed:${shown.resetDate}`,
        kind: 'allowance.renewed',
        runId: null,
        freePredictions: 5,
        resetDate: shown.resetDate,
        read: false,
      }),
    ]);
  });

  it('leaves a wallet whose reset date is still ahead as it is', async () => {
    const user = await newTestUser('renew-not-due');
    await apiCall('/api/wallet', { token: user.token });
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 2, resetDate: '2999-01-01' });
    expect(Wallet.parse((await apiCall('/api/wallet', { token: user.token })).body)).toMatchObject({
      freePredictions: 2,
      resetDate: '2999-01-01',
    });
  });
});
