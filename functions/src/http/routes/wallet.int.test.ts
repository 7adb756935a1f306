import { describe, expect, it } from 'vitest';
import { AddStripeFundsResponse, TransactionsResponse, Wallet } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { balanceReaches, db, healthyLedger, paidTopUp, stripe } from '../../../test/payments.testkit';

const addFunds = (token: string, body: unknown) =>
  apiCall<{ message?: string }>('/api/wallet/add-stripe-funds', { token, body });

describe('GET /api/wallet', () => {
  it("answers the caller's wallet, opening it on first use, and 401 without a token", async () => {
    expect((await apiCall('/api/wallet')).status).toBe(401);
    const { token, uid } = await newTestUser('wallet');
    const res = await apiCall('/api/wallet', { token });
    expect(res.status).toBe(200);
    expect(Wallet.parse(res.body)).toMatchObject({
      userId: uid,
      balance: 0,
      reservedBalance: 0,
      chargedBalance: 0,
      freePredictions: 5,
    });
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(true);
  });
});

describe('POST /api/wallet/add-stripe-funds', () => {
  it("credits the amount Stripe received, never the client's, once however often it is asked", async () => {
    const { token, uid } = await newTestUser('add-funds');
    const paymentIntentId = await paidTopUp(token, 25);
    const first = await addFunds(token, { paymentIntentId, amount: 999_999 });
    expect(first.status).toBe(200);
    expect(AddStripeFundsResponse.parse(first.body)).toMatchObject({ amountCents: 2500, wallet: { balance: 2500 } });

    // In a row: the Functions emulator starts a process per concurrent request, and concurrent credits are proven
    // by the webhook and repository tests.
    for (let i = 0; i < 3; i += 1) {
      const again = await addFunds(token, { paymentIntentId });
      expect(AddStripeFundsResponse.parse(again.body)).toMatchObject({ credited: false, wallet: { balance: 2500 } });
    }
    // The webhook for the same payment arrives too, and moves nothing more.
    await balanceReaches(uid, 2500);
    const { wallet, transactions } = await healthyLedger(uid);
    expect(wallet.balance).toBe(2500);
    expect(transactions).toHaveLength(1);
  });

  it('refuses a payment that has not succeeded with 409, and a declined one likewise', async () => {
    const { token, uid } = await newTestUser('add-unpaid');
    const created = await apiCall<{ paymentIntentId: string }>('/api/payments/create-intent', {
      token,
      body: { amount: 10 },
    });
    const { paymentIntentId } = created.body;
    const unpaid = await addFunds(token, { paymentIntentId });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('Payment has not succeeded (status: requires_payment_method)');
    await expect(
      stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toThrow(/declined/);
    expect((await addFunds(token, { paymentIntentId })).status).toBe(409);
    expect((await db.collection('transactions').where('walletId', '==', uid).get()).size).toBe(0);
  });

  it("answers 404 for another user's payment, exactly as for an unknown one, and 400 for a malformed id", async () => {
    const owner = await newTestUser('owner');
    const thief = await newTestUser('thief');
    const paymentIntentId = await paidTopUp(owner.token, 50);
    const stolen = await addFunds(thief.token, { paymentIntentId });
    const unknown = await addFunds(thief.token, { paymentIntentId: 'pi_doesnotexist' });
    expect(stolen).toEqual({ status: 404, body: { message: 'Payment not found' } });
    expect(unknown).toEqual(stolen);
    expect((await addFunds(thief.token, { paymentIntentId: 'ch_123' })).status).toBe(400);
    expect((await addFunds(thief.token, { amount: 50 })).status).toBe(400);

    expect((await db.collection('transactions').where('walletId', '==', thief.uid).get()).size).toBe(0);
    await balanceReaches(owner.uid, 5000);
    expect((await healthyLedger(owner.uid)).wallet.balance).toBe(5000);
  });
});

describe('GET /api/wallet/transactions', () => {
  it("lists the caller's transactions only, newest first, dating an undated one by its createdAt", async () => {
    const { token, uid } = await newTestUser('history');
    const other = await newTestUser('history-other');
    const firstPayment = await paidTopUp(token, 10);
    await balanceReaches(uid, 1000);
    const secondPayment = await paidTopUp(token, 15);
    await balanceReaches(uid, 2500);
    await paidTopUp(other.token, 20);
    // A transaction of the original app, whose `date` was never set.
    await db
      .collection('transactions')
      .doc(`legacy-${uid}`)
      .set({
        id: `legacy-${uid}`,
        walletId: uid,
        type: 'free_prediction',
        amount: 0,
        description: 'Free prediction: IBM',
        date: null,
        createdAt: '2020-01-02T03:04:05.000Z',
      });

    expect((await apiCall('/api/wallet/transactions')).status).toBe(401);
    const res = await apiCall('/api/wallet/transactions', { token });
    expect(res.status).toBe(200);
    const list = TransactionsResponse.parse(res.body);
    expect(list.map((t) => [t.id, t.description])).toEqual([
      [`deposit:${secondPayment}`, 'Stripe payment: $15.00'],
      [`deposit:${firstPayment}`, 'Stripe payment: $10.00'],
      [`legacy-${uid}`, 'Free prediction: IBM'],
    ]);
    expect(list[2]!.date).toBe('2020-01-02T03:04:05.000Z');
  });

  it("names a prediction's model and time frame on its lines, and orders lines of one date by when they were written", async () => {
    const { token, uid } = await newTestUser('history-lines');
    const made = await apiCall<{ prediction: { id: string; modelName: string } }>('/api/predictions/generate', {
      token,
      body: { symbol: 'AAPL', modelId: 'xgboost', timeFrame: 'long' },
    });
    expect(made.status).toBe(200);
    const predictionId = made.body.prediction.id;
    const reserved = (await db.collection('transactions').doc(`reserve:${predictionId}`).get()).data()!;
    // As the time machine writes them: a later line of the same pinned day carries the very same date.
    await db
      .collection('transactions')
      .doc(`settle:${predictionId}`)
      .set({ ...reserved, id: `settle:${predictionId}`, description: 'Settled the same day' });

    const list = TransactionsResponse.parse((await apiCall('/api/wallet/transactions', { token })).body);
    expect(list.map((t) => [t.id, t.prediction])).toEqual([
      [`settle:${predictionId}`, { modelName: 'XGBoost', timeFrame: 'long' }],
      [`reserve:${predictionId}`, { modelName: 'XGBoost', timeFrame: 'long' }],
    ]);
    expect(list[0]!.walletId).toBe(uid);
  });
});
