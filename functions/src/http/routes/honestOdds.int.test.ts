import { describe, expect, it } from 'vitest';
import {
  GeneratePredictionResponse,
  HistoricalPredictions,
  PredictionList,
  PredictionPreview,
  type PredictionListQuery,
  ERROR_MESSAGES,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { fundWallet } from '../../../../tools/testing/wallet';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { checkInvariants } from '../../domain/ledger';
import { readLedger } from '../../adapters/firestore/ledgerRepository';
import { defaultModels } from '../../adapters/firestore/settings';

/** Issue 12 through the emulators: the chance of a hit, one forecast one charge, and the price before the click. */
const { db } = adminSdk();

const query = (q: PredictionListQuery) => new URLSearchParams(q).toString();
const generate = (token: string, body: PredictionListQuery, key?: string) =>
  apiCall('/api/predictions/generate', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
const preview = async (token: string, q: PredictionListQuery) => {
  const res = await apiCall(`/api/predictions/preview?${query(q)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PredictionPreview.parse(res.body);
};

async function ledgerOf(userId: string) {
  const ledger = await readLedger(db, userId);
  expect(checkInvariants(ledger!.wallet, ledger!.transactions)).toEqual([]);
  return ledger!;
}

describe('honest odds through the emulators', () => {
  it('stores the chance of a hit on every prediction and returns it from every endpoint', async () => {
    const user = await newTestUser('odds-stored');
    const ask = { symbol: 'KO', modelId: 'arima', timeFrame: 'medium' } as const;
    const before = await preview(user.token, ask);
    expect(before.hitProbability).toBeGreaterThan(0.05);
    expect(before.hitProbability).toBeLessThan(0.95);

    const made = GeneratePredictionResponse.parse((await generate(user.token, ask)).body);
    expect(made.duplicate).toBe(false);
    // The preview showed the odds of exactly the forecast the click made.
    expect(made.prediction.hitProbability).toBe(before.hitProbability);
    const stored = (await db.collection('predictions').doc(made.prediction.id).get()).data();
    expect(stored?.hitProbability).toBe(before.hitProbability);
    // ...and stated the hit range and target date that the prediction stores (issue 24): "Hits if KO closes between
    // hitLow and hitHigh on targetDate".
    const terms = ['predictionDate', 'priceAtPrediction', 'targetDate', 'targetPrice', 'lowerPrice', 'upperPrice'];
    for (const field of [...terms, 'hitLow', 'hitHigh'] as const) {
      expect(stored?.[field], field).toBe(before[field as keyof typeof before]);
    }
    expect(before.hitLow).toBeLessThan(before.targetPrice);
    expect(before.hitHigh).toBeGreaterThan(before.targetPrice);

    const future = PredictionList.parse(
      (await apiCall(`/api/predictions/future?${query(ask)}`, { token: user.token })).body,
    );
    const mine = PredictionList.parse((await apiCall('/api/predictions/user', { token: user.token })).body);
    expect(future.map((p) => p.hitProbability)).toEqual([before.hitProbability]);
    expect(mine.map((p) => p.hitProbability)).toEqual([before.hitProbability]);

    const past = HistoricalPredictions.parse(
      (await apiCall(`/api/predictions/historical?${query(ask)}`, { token: user.token })).body,
    );
    expect(past.predictions).toHaveLength(20);
    for (const p of past.predictions) {
      expect(p.hitProbability).toBeGreaterThan(0);
      expect(p.hitProbability).toBeLessThan(1);
    }
  });

  it('never pays twice for one forecast: "recommended" and its model are the same forecast', async () => {
    const user = await newTestUser('odds-dup');
    const recommended = { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'long' } as const;
    const concrete = { ...recommended, modelId: (await defaultModels(db)).long };
    const first = GeneratePredictionResponse.parse((await generate(user.token, recommended)).body);
    expect(first).toMatchObject({ duplicate: false, wallet: { freePredictions: 4 } });

    for (const ask of [recommended, concrete]) {
      const res = await generate(user.token, ask, `another-key-${ask.modelId}`);
      expect(res.status).toBe(200);
      const again = GeneratePredictionResponse.parse(res.body);
      expect(again.duplicate).toBe(true);
      expect(again.prediction).toEqual(first.prediction);
      expect(again.wallet.freePredictions).toBe(4);
    }
    expect(await preview(user.token, concrete)).toMatchObject({
      cost: { kind: 'duplicate', predictionId: first.prediction.id },
    });
    const { transactions } = await ledgerOf(user.uid);
    expect(transactions.filter((t) => t.type === 'free_prediction')).toHaveLength(1);
    const listed = PredictionList.parse((await apiCall('/api/predictions/user', { token: user.token })).body);
    expect(listed).toHaveLength(1);
  });

  it('makes one prediction and one reservation from two concurrent requests with different keys', async () => {
    const user = await newTestUser('odds-race');
    await fundWallet(db, user, { cents: 500, free: 0 });
    const ask = { symbol: 'MSFT', modelId: 'xgboost', timeFrame: 'short' } as const;
    // Warm two Functions workers, so the two requests really run at once.
    await Promise.all([1, 2].map(() => apiCall('/api/me', { method: 'POST', token: user.token })));
    const results = await Promise.all([
      generate(user.token, ask, 'race-key-a'),
      generate(user.token, ask, 'race-key-b'),
    ]);
    const answers = results.map((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return GeneratePredictionResponse.parse(r.body);
    });
    expect(new Set(answers.map((a) => a.prediction.id)).size).toBe(1);
    expect(answers.map((a) => a.duplicate).sort()).toEqual([false, true]);
    const { wallet, transactions } = await ledgerOf(user.uid);
    expect(wallet).toMatchObject({ balance: 400, reservedBalance: 100 });
    expect(transactions.filter((t) => t.type === 'reservation')).toHaveLength(1);
  }, 120_000);

  it('stores the forecast a generate fits with its prediction, and a prepared one it reads as asked', async () => {
    // No other test asks this stock, model and time frame.
    const ask = { symbol: 'ORCL', modelId: 'prophet', timeFrame: 'medium' } as const;
    const first = await newTestUser('odds-forecast-fit');
    const fitted = GeneratePredictionResponse.parse((await generate(first.token, ask)).body).prediction;
    const ref = db.collection('forecastsOfTheDay').doc(`ORCL_prophet_medium_${fitted.predictionDate}`);
    const forecastOf = (p: typeof fitted) => ({
      targetPrice: p.targetPrice,
      lowerPrice: p.lowerPrice,
      upperPrice: p.upperPrice,
      hitProbability: p.hitProbability,
    });
    expect((await ref.get()).data()).toMatchObject({ ...forecastOf(fitted), asked: true });

    // As daily maintenance leaves it: prepared, asked by no one yet (prices of its own, to tell a read from a fit).
    const prepared = { targetPrice: 101.5, lowerPrice: 90.25, upperPrice: 112.75, hitProbability: 0.375 };
    await ref.update({ ...prepared, asked: false });
    const second = await newTestUser('odds-forecast-prepared');
    const read = GeneratePredictionResponse.parse((await generate(second.token, ask)).body).prediction;
    expect(forecastOf(read)).toEqual(prepared);
    expect((await ref.get()).data()).toMatchObject({ ...prepared, asked: true });
  });

  it('previews exactly what generate then charges: free, reserved, or refused', async () => {
    const ask = { symbol: 'KO', modelId: 'arima', timeFrame: 'short' } as const;

    const free = await newTestUser('odds-preview-free');
    await fundWallet(db, free, { cents: 0, free: 2 });
    const freePreview = await preview(free.token, ask);
    expect(freePreview).toMatchObject({ cost: { kind: 'free' }, allowance: { freeLeft: 2 } });
    const freeMade = GeneratePredictionResponse.parse((await generate(free.token, ask)).body);
    expect(freeMade.prediction.isFree).toBe(true);
    expect(freeMade.wallet).toMatchObject({ freePredictions: 1, balance: 0, reservedBalance: 0 });
    expect(freePreview.allowance.resetDate).toBe(freeMade.wallet.resetDate);
    expect((await preview(free.token, ask)).allowance.freeLeft).toBe(1);

    const paying = await newTestUser('odds-preview-paid');
    await fundWallet(db, paying, { cents: 500, free: 0 });
    const paidPreview = await preview(paying.token, ask);
    expect(paidPreview.cost).toEqual({
      kind: 'reserve',
      amountCents: 100,
      expectedCostCents: Math.round(100 * paidPreview.hitProbability),
    });
    const paidMade = GeneratePredictionResponse.parse((await generate(paying.token, ask)).body);
    expect(paidMade.prediction.isFree).toBe(false);
    expect(paidMade.wallet).toMatchObject({ balance: 400, reservedBalance: 100 });

    const broke = await newTestUser('odds-preview-broke');
    await fundWallet(db, broke, { cents: 50, free: 0 });
    expect((await preview(broke.token, ask)).cost).toEqual({
      kind: 'insufficient',
      amountCents: 100,
      balanceCents: 50,
      message: ERROR_MESSAGES.insufficientFunds,
    });
    const refused = await generate(broke.token, ask);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: ERROR_MESSAGES.insufficientFunds });
    expect((await ledgerOf(broke.uid)).wallet).toMatchObject({ balance: 50, reservedBalance: 0 });
  });
});
