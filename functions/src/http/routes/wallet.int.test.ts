import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import {
  AddStripeFundsResponse,
  GeneratePredictionResponse,
  TransactionsResponse,
  Wallet,
  type TimeFrame,
  type WalletFigures,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { addTradingDays } from '../../domain/calendar';
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

describe('GET /api/wallet/transactions, a statement (issue 23)', () => {
  /** A Monday well inside the demo provider's history, as the maintenance tests pin it. */
  const PREDICTION_DAY = '2025-06-02';
  let admin: string;
  const setClock = (today: string | null) => apiCall('/api/admin/clock', { token: admin, body: { today } });

  beforeAll(async () => {
    admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
    expect((await setClock(PREDICTION_DAY)).status).toBe(200);
  });
  afterAll(async () => {
    await setClock(null);
  });

  /** Waits until the wallet as stored shows `figures`: the webhook and maintenance move money in the background. */
  async function walletShows(uid: string, figures: WalletFigures, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const wallet = (await db.collection('wallets').doc(uid).get()).data();
      const now = { available: wallet?.balance, reserved: wallet?.reservedBalance, charged: wallet?.chargedBalance };
      if (JSON.stringify(now) === JSON.stringify(figures)) return;
      if (Date.now() > deadline) throw new Error(`wallet of ${uid} is ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("adds up to the wallet's Available, Reserved and Charged: a top-up, free and paid predictions, hits and misses, a refund into debt, a top-up that repays it", async () => {
    const user = await newTestUser('statement');
    const topUp = await paidTopUp(user.token, 10);
    await balanceReaches(user.uid, 1000);
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 2 });
    const make = async (timeFrame: TimeFrame, modelId: string) => {
      const res = await apiCall('/api/predictions/generate', {
        token: user.token,
        body: { symbol: 'KO', modelId, timeFrame },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return GeneratePredictionResponse.parse(res.body).prediction;
    };
    // Two free, then four paid: a hit and a miss on each time frame (different models: each is its own forecast).
    const free = [await make('short', 'arima'), await make('medium', 'arima')];
    const hits = [await make('short', 'xgboost'), await make('medium', 'xgboost')];
    const misses = [await make('short', 'prophet'), await make('medium', 'prophet')];
    expect([...free, ...hits, ...misses].map((p) => p.isFree)).toEqual([true, true, false, false, false, false]);
    const force = (ids: string[], range: { hitLow: number; hitHigh: number }) =>
      Promise.all(ids.map((id) => db.collection('predictions').doc(id).update(range)));
    await force([free[0]!.id, ...hits.map((p) => p.id)], { hitLow: 0.01, hitHigh: 1e9 });
    await force([free[1]!.id, ...misses.map((p) => p.id)], { hitLow: 1e8, hitHigh: 1e9 });

    // The day after the last target date: maintenance charges the hits and releases the misses.
    const lastTarget = [...free, ...hits, ...misses]
      .map((p) => p.targetDate)
      .sort()
      .at(-1)!;
    expect((await setClock(addTradingDays(lastTarget, 1))).status).toBe(200);
    expect([200, 202]).toContain((await apiCall('/api/admin/check-predictions', { token: admin, body: {} })).status);
    await walletShows(user.uid, { available: 800, reserved: 0, charged: 200 });
    // Stripe refunds the whole $10 top-up, of which $2 was spent: the wallet owes $2; the next top-up repays it.
    await stripe.refunds.create({ payment_intent: topUp });
    await balanceReaches(user.uid, -200);
    await paidTopUp(user.token, 5);
    await balanceReaches(user.uid, 300);

    const wallet = Wallet.parse((await apiCall('/api/wallet', { token: user.token })).body);
    const figures = { available: wallet.balance, reserved: wallet.reservedBalance, charged: wallet.chargedBalance };
    expect(figures).toEqual({ available: 300, reserved: 0, charged: 200 });
    const lines = TransactionsResponse.parse((await apiCall('/api/wallet/transactions', { token: user.token })).body);
    const sum = (figure: keyof WalletFigures) => lines.reduce((total, line) => total + line.effect[figure], 0);
    expect({ available: sum('available'), reserved: sum('reserved'), charged: sum('charged') }).toEqual(figures);
    expect(lines[0]!.after).toEqual(figures);
    // Each line counts on from the one before it (the list is newest first), from zero.
    lines.forEach((line, i) => {
      const before = lines[i + 1]?.after ?? { available: 0, reserved: 0, charged: 0 };
      const counted = {
        available: before.available + line.effect.available,
        reserved: before.reserved + line.effect.reserved,
        charged: before.charged + line.effect.charged,
      };
      expect(line.after, line.id).toEqual(counted);
    });

    const zero = { available: 0, reserved: 0, charged: 0 };
    const effectsOf = (type: string) => lines.filter((line) => line.type === type).map((line) => line.effect);
    expect(effectsOf('free_prediction')).toEqual([zero, zero]);
    expect(effectsOf('reservation')).toEqual(Array(4).fill({ available: -100, reserved: 100, charged: 0 }));
    expect(effectsOf('payment')).toEqual(Array(2).fill({ available: 0, reserved: -100, charged: 100 }));
    expect(effectsOf('refund')).toEqual(Array(2).fill({ available: 100, reserved: -100, charged: 0 }));
    expect(effectsOf('top_up_refund')).toEqual([{ available: -1000, reserved: 0, charged: 0 }]);
    expect(effectsOf('deposit')).toEqual([
      { available: 500, reserved: 0, charged: 0 },
      { available: 1000, reserved: 0, charged: 0 },
    ]);
    // The statement in the order it happened: the running Available, newest first.
    expect(lines.slice(0, 2).map((line) => [line.type, line.after.available])).toEqual([
      ['deposit', 300],
      ['top_up_refund', -200],
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'deposit', after: { available: 1000, reserved: 0, charged: 0 } });
    expect((await healthyLedger(user.uid)).wallet.balance).toBe(300);
  }, 180_000);
});
