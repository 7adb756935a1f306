import { describe, expect, it } from 'vitest';
import { HistoricalPredictions, PublicTrackRecord, summarizeOutcomes, type Prediction } from '@stockseer/contract';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { apiCall, APP_URL, newTestUser } from '../../../tools/testing/api';
import { seedDueWallet } from '../../../tools/testing/duePredictions';
import { addTradingDays } from '../domain/calendar';
import { fixedClock } from '../domain/clock';
import { publicTrackRecordRows, trackRecordKey } from '../domain/trackRecord';
import { TRACK_RECORD_CACHE_CONTROL } from '../http/routes/trackRecord';
import { createMarketDataService } from '../adapters/market-data';
import { createModelPool } from '../adapters/model-pool/pool';
import {
  backfillLiveTrackRecord,
  backtestTrackRecordTotals,
  countResolvedPredictions,
  liveTrackRecordOf,
  liveTrackRecordTotals,
} from '../adapters/firestore/trackRecord';
import { settlementStep } from './maintenance/settlement';
import { payments } from '../../test/payments.testkit';
import { push } from '../../test/push.testkit';

/**
 * Issue 24 through the Firestore emulator: the live track record is added to as forecasts resolve, in the
 * transactions that resolve them, once however often a shard runs; its base is counted once from what resolved
 * before; the Past panel and the public page show the same aggregate.
 */
const { db } = adminSdk();
const PREDICTION_DAY = '2025-03-03';
const clock = fixedClock(addTradingDays(addTradingDays(PREDICTION_DAY, 7), 1));
const marketData = createMarketDataService({ db, clock });
const models = createModelPool({ threads: 1 });
const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The chances the seeded forecasts stated: deciles 0, 3, 6, 6, 6 and 9. */
const CHANCES = [0.05, 0.35, 0.62, 0.65, 0.68, 0.95];
const OUTCOMES = ['missed', 'missed', 'hit', 'hit', 'missed', 'hit'] as const;

/**
 * A wallet with 3 paid and 3 free due forecasts of the drift model (no user picks it, so no other test adds to its
 * record), stating `CHANCES`.
 */
async function seedDueDriftForecasts(): Promise<{ userId: string; predictions: Prediction[] }> {
  const userId = `track-${stamp()}`;
  const origin = (await marketData.barsUpTo('KO', PREDICTION_DAY, 5)).at(-1)!;
  const seeded = await seedDueWallet(db, {
    userId,
    paid: 3,
    free: 3,
    origin,
    symbol: 'KO',
    outcome: (i) => OUTCOMES[i]!,
  });
  const predictions = seeded.map((p, i) => ({ ...p, modelId: 'drift' as const, hitProbability: CHANCES[i]! }));
  const batch = db.batch();
  for (const p of predictions) {
    batch.update(db.collection('predictions').doc(p.id), { modelId: p.modelId, hitProbability: p.hitProbability });
  }
  await batch.commit();
  return { userId, predictions };
}

const settle = (runId: string, owner: { userId: string; predictions: Prediction[] }) =>
  settlementStep.run(
    { db, clock, marketData, models, payments, push, runId, finalAttempt: false },
    { owners: [{ ownerId: owner.userId, predictionIds: owner.predictions.map((p) => p.id) }] },
  );

describe('the live track record', () => {
  it('adds each forecast as it resolves, in its decile, once however often the shard runs', async () => {
    await backfillLiveTrackRecord(db, new Date());
    const before = await liveTrackRecordOf(db, 'drift', 'short');
    const owner = await seedDueDriftForecasts();
    const runId = `track-run-${stamp()}`;

    // A shard and its retries: the queue may deliver it again after it did its work.
    await settle(runId, owner);
    await settle(runId, owner);
    await Promise.all([settle(runId, owner), settle(runId, owner)]);

    const after = await liveTrackRecordOf(db, 'drift', 'short');
    expect(after.resolved - before.resolved).toBe(6);
    expect(after.hits - before.hits).toBe(3);
    const added = after.reliability.map((bin, i) => bin.count - before.reliability[i]!.count);
    expect(added).toEqual([1, 0, 0, 1, 0, 0, 3, 0, 0, 1]);
    const hitsAdded = after.reliability.map((bin, i) => bin.hits - before.reliability[i]!.hits);
    expect(hitsAdded).toEqual([0, 0, 0, 0, 0, 0, 2, 0, 0, 1]);
  });

  it('counts its base once from every forecast resolved before it, and keeps what settlements added since', async () => {
    const baseRef = db.collection('aggregates').doc('liveTrackRecord');
    // As a database from before issue 24 holds it: a recount without deciles, which the backfill replaces.
    await baseRef.set({ updatedAt: new Date().toISOString(), totals: {} });
    expect(await backfillLiveTrackRecord(db, new Date())).toBe(true);
    expect(await backfillLiveTrackRecord(db, new Date())).toBe(false);
    const counted = await countResolvedPredictions(db);
    const totals = await liveTrackRecordTotals(db);
    const key = trackRecordKey('drift', 'short');
    expect(totals[key]!.resolved).toBe(counted[key]!.resolved);
    expect(totals[key]!.bins.map((bin) => bin.count)).toEqual(counted[key]!.bins.map((bin) => bin.count));
    expect(Object.keys(totals).sort()).toEqual(Object.keys(counted).sort());
    for (const k of Object.keys(counted)) expect(totals[k]!.hits).toBe(counted[k]!.hits);
  });

  it('is what the Past panel and the public track record show', async () => {
    const user = await newTestUser('track-record');
    const past = HistoricalPredictions.parse(
      (await apiCall('/api/predictions/historical?symbol=KO&modelId=arima&timeFrame=short', { token: user.token }))
        .body,
    );
    // The route reads one key's fields of the record's documents: the same as the whole record's entry for it.
    const whole = summarizeOutcomes((await liveTrackRecordTotals(db))[trackRecordKey('arima', 'short')]);
    expect(past.liveTrackRecord).toEqual(whole);
    expect(await liveTrackRecordOf(db, 'arima', 'short')).toEqual(whole);

    // Signed out, through Hosting, cached by browsers and the CDN, aggregates only.
    const response = await fetch(`${APP_URL}/api/track-record`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(TRACK_RECORD_CACHE_CONTROL);
    const record = PublicTrackRecord.parse(await response.json());
    expect(record.rows).toEqual(
      publicTrackRecordRows(await liveTrackRecordTotals(db), await backtestTrackRecordTotals(db)),
    );
    expect(JSON.stringify(record)).not.toMatch(/userId|userEmail|@/);
    // The back-test just computed for KO is in the back-test record: at least its origins.
    const row = record.rows.find((r) => r.modelId === 'arima' && r.timeFrame === 'short')!;
    expect(row.backtest!.resolved).toBeGreaterThanOrEqual(past.predictions.length);

    // A query string would pass the CDN's copy by (it keys by the whole URL): refused before any read.
    const varied = await fetch(`${APP_URL}/api/track-record?nocache=${Date.now()}`);
    expect(varied.status).toBe(400);
    expect(await varied.json()).toEqual({ message: 'The track record takes no query string' });
  }, 180_000);
});
