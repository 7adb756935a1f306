import { describe, expect, it } from 'vitest';
import {
  GeneratePredictionResponse,
  HistoricalPredictions,
  PredictionList,
  TIME_FRAME_DAYS,
  ERROR_MESSAGES,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { fundWallet as fund } from '../../../../tools/testing/wallet';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { addTradingDays } from '../../domain/calendar';
import { checkInvariants } from '../../domain/ledger';
import { readLedger } from '../../adapters/firestore/ledgerRepository';

const { db } = adminSdk();
const request = { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' } as const;

const generate = (token: string, body: unknown = request, key?: string) =>
  apiCall<unknown>('/api/predictions/generate', {
    token,
    body,
    headers: key ? { 'Idempotency-Key': key } : {},
  });

async function expectLedgerSound(userId: string) {
  const ledger = await readLedger(db, userId);
  expect(ledger).toBeDefined();
  expect(checkInvariants(ledger!.wallet, ledger!.transactions)).toEqual([]);
  return ledger!;
}

describe('predictions API through the emulators', () => {
  it('rejects bad queries and bodies with 400 and a message', async () => {
    const user = await newTestUser('pred-bad');
    for (const [path, body] of [
      ['/api/predictions/historical?symbol=AAPL&modelId=guess&timeFrame=short', undefined],
      ['/api/predictions/future?symbol=AAPL&modelId=arima&timeFrame=weekly', undefined],
      ['/api/predictions/future?modelId=arima&timeFrame=short', undefined],
      ['/api/predictions/generate', { symbol: '../etc', modelId: 'arima', timeFrame: 'short' }],
      ['/api/predictions/generate', { symbol: 'AAPL', modelId: 'naive', timeFrame: 'short' }],
    ] as const) {
      const res = await apiCall<{ message: string }>(path, { token: user.token, body });
      expect(res.status, path).toBe(400);
      expect(res.body.message.length, path).toBeGreaterThan(3);
    }
    const unauthenticated = await generate('');
    expect(unauthenticated.status).toBe(401);
  });

  it('uses the 5 free predictions, then answers 402 with an empty wallet', async () => {
    const user = await newTestUser('pred-free');
    // Five different forecasts: asking for the same one again would return it without using an allowance.
    const asks = [
      { ...request, modelId: 'arima' },
      { ...request, modelId: 'arima', timeFrame: 'medium' },
      { ...request, modelId: 'arima', timeFrame: 'long' },
      { ...request, symbol: 'MSFT', modelId: 'arima' },
      { ...request, symbol: 'KO', modelId: 'arima' },
    ] as const;
    const made = [];
    for (const ask of asks) {
      const res = await generate(user.token, ask);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(GeneratePredictionResponse.parse(res.body));
    }
    const { prediction, wallet } = made[0]!;
    expect(made.at(-1)!.wallet).toMatchObject({ freePredictions: 0, balance: 0, reservedBalance: 0 });
    expect(prediction).toMatchObject({ symbol: 'AAPL', predictionType: 'future', status: 'active', isFree: true });
    expect(wallet.freePredictions).toBe(4);
    expect(prediction.userId).toBe(user.uid);
    expect(prediction.targetDate).toBe(addTradingDays(prediction.predictionDate, TIME_FRAME_DAYS.short));
    // The hit range is fixed now: 2% of the price at prediction around the target (docs/product.md#hit-rule).
    expect(prediction.hitHigh - prediction.targetPrice).toBeCloseTo(0.02 * prediction.priceAtPrediction, 1);
    expect(prediction.lowerPrice).toBeLessThanOrEqual(prediction.targetPrice);

    const sixth = await generate(user.token, { ...request, symbol: 'MSFT', modelId: 'arima', timeFrame: 'long' });
    expect(sixth.status).toBe(402);
    expect(sixth.body).toEqual({ message: ERROR_MESSAGES.insufficientFunds });

    const listed = PredictionList.parse((await apiCall('/api/predictions/user', { token: user.token })).body);
    expect(listed.map((p) => p.id).sort()).toEqual(made.map((m) => m.prediction.id).sort());
    const future = PredictionList.parse(
      (await apiCall('/api/predictions/future?symbol=aapl&modelId=arima&timeFrame=short', { token: user.token })).body,
    );
    expect(future).toEqual([prediction]);
    const otherModel = await apiCall<unknown[]>('/api/predictions/future?symbol=AAPL&modelId=prophet&timeFrame=short', {
      token: user.token,
    });
    expect(otherModel.body).toEqual([]);
    await expectLedgerSound(user.uid);
  });

  it('lists a forecast asked as recommended under its concrete model too, as the one forecast it is', async () => {
    const user = await newTestUser('pred-recommended');
    // The long time frame: the admin test changes the short one's default for a moment.
    const asked = { symbol: 'MSFT', modelId: 'recommended', timeFrame: 'long' } as const;
    const made = GeneratePredictionResponse.parse((await generate(user.token, asked)).body).prediction;
    expect(made.modelChoice).toBe('recommended');
    const listed = async (modelId: string) =>
      PredictionList.parse(
        (await apiCall(`/api/predictions/future?symbol=MSFT&modelId=${modelId}&timeFrame=long`, { token: user.token }))
          .body,
      );
    expect(await listed('recommended')).toEqual([made]);
    expect(await listed(made.modelId)).toEqual([made]);
    expect(await listed(made.modelId === 'prophet' ? 'arima' : 'prophet')).toEqual([]);
    // Asking for the concrete model is asking for the same forecast: it comes back as it was made.
    const again = GeneratePredictionResponse.parse(
      (await generate(user.token, { ...asked, modelId: made.modelId })).body,
    );
    expect(again).toMatchObject({ duplicate: true, prediction: made });
  });

  it('answers a repeated Idempotency-Key with the first prediction and moves no money', async () => {
    const user = await newTestUser('pred-idem');
    await fund(db, user, { cents: 500, free: 0 });
    const first = GeneratePredictionResponse.parse((await generate(user.token, request, 'key-00001')).body);
    const again = await Promise.all([
      generate(user.token, request, 'key-00001'),
      generate(user.token, request, 'key-00001'),
    ]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(GeneratePredictionResponse.parse(res.body).prediction.id).toBe(first.prediction.id);
    }
    const ledger = await expectLedgerSound(user.uid);
    expect(ledger.wallet).toMatchObject({ balance: 400, reservedBalance: 100 });
    const other = await generate(user.token, { ...request, timeFrame: 'long' }, 'key-00001');
    expect(other.status).toBe(409);
  });

  it('never overspends: 10 concurrent generates with 1 free and $3 make 1 free + 3 reserved and 6 clean 402s', async () => {
    const user = await newTestUser('pred-race');
    await fund(db, user, { cents: 300, free: 1 });
    // The Functions emulator runs one request per worker process and starts a new process for each concurrent
    // one; warm up ten workers first so the race below is decided by Firestore, not by process start-up.
    await Promise.all(Array.from({ length: 10 }, () => apiCall('/api/me', { method: 'POST', token: user.token })));
    // Ten different forecasts (the same one twice would be one forecast, one charge).
    const asks = ['AAPL', 'MSFT', 'KO', 'AMZN', 'GOOGL'].flatMap((symbol) =>
      (['short', 'medium'] as const).map((timeFrame) => ({ symbol, modelId: 'arima', timeFrame })),
    );
    const results = await Promise.all(asks.map((ask) => generate(user.token, ask)));
    const ok = results.filter((r) => r.status === 200).map((r) => GeneratePredictionResponse.parse(r.body).prediction);
    const refused = results.filter((r) => r.status === 402);
    expect(ok.filter((p) => p.isFree)).toHaveLength(1);
    expect(ok.filter((p) => !p.isFree)).toHaveLength(3);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r.body).toEqual({ message: ERROR_MESSAGES.insufficientFunds });
    const ledger = await expectLedgerSound(user.uid);
    expect(ledger.wallet).toMatchObject({ balance: 0, reservedBalance: 300, chargedBalance: 0, freePredictions: 0 });
  }, 180_000);

  it('serves a walk-forward back-test with the naive baseline, and reuses it for the day', async () => {
    const user = await newTestUser('pred-past');
    const path = '/api/predictions/historical?symbol=MSFT&modelId=arima&timeFrame=short';
    const first = await apiCall(path, { token: user.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const past = HistoricalPredictions.parse(first.body);
    expect(past.predictions).toHaveLength(20);
    const targets = past.predictions.map((p) => p.targetDate);
    expect(targets).toEqual([...targets].sort().reverse());
    for (const p of past.predictions) {
      expect(p.predictionType).toBe('historical');
      expect(p.status).not.toBe('active');
      expect(p.status === 'hit').toBe(p.hitLow <= p.actualPrice! && p.actualPrice! <= p.hitHigh);
    }
    expect(past.naiveBaseline.resolved).toBe(20);
    const again = HistoricalPredictions.parse((await apiCall(path, { token: user.token })).body);
    expect(again).toEqual(past);
  });
});
