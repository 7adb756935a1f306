import { describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { fixedClock } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { BACKTESTS_COLLECTION } from '../../adapters/firestore/backtests';
import { FORECASTS_OF_THE_DAY_COLLECTION } from '../../adapters/firestore/forecastsOfTheDay';
import { cleanupStep } from './cleanup';

/**
 * The cleanup step in-process against the Firestore emulator, on a run date of its own in 2000 (nothing else the
 * suite writes is that old, so everything stale before it is this test's).
 */
const { db } = adminSdk();
const TODAY = '2000-01-10';
const YESTERDAY = '2000-01-07';
const clock = fixedClock(TODAY);
const ctx = {
  db,
  clock,
  marketData: createMarketDataService({ db, clock }),
  runId: 'cleanup-test',
  finalAttempt: false,
};

const exists = async (collection: string, id: string) => (await db.collection(collection).doc(id).get()).exists;

describe('the cleanup step', () => {
  it("removes stale back-test records and runs and earlier days' forecasts, keeps today's, then plans nothing", async () => {
    const record = (id: string, computedOn: string) =>
      db.collection('predictions').doc(id).set({ predictionType: 'historical', computedOn });
    const forecast = (id: string, predictionDate: string) =>
      db.collection(FORECASTS_OF_THE_DAY_COLLECTION).doc(id).set({ predictionDate });
    await Promise.all([
      record('cleanup-old-1', YESTERDAY),
      record('cleanup-old-2', '1999-12-31'),
      record('cleanup-today', TODAY),
      db.collection(BACKTESTS_COLLECTION).doc('cleanup-old-run').set({ computedOn: YESTERDAY }),
      forecast('cleanup-old-forecast', YESTERDAY),
      forecast('cleanup-today-forecast', TODAY),
    ]);
    expect(await cleanupStep.plan(ctx)).toHaveLength(1);

    expect(await cleanupStep.run(ctx, {})).toEqual({ cleanupCount: 2 });
    expect(await exists('predictions', 'cleanup-old-1')).toBe(false);
    expect(await exists('predictions', 'cleanup-old-2')).toBe(false);
    expect(await exists(BACKTESTS_COLLECTION, 'cleanup-old-run')).toBe(false);
    expect(await exists(FORECASTS_OF_THE_DAY_COLLECTION, 'cleanup-old-forecast')).toBe(false);
    expect(await exists('predictions', 'cleanup-today')).toBe(true);
    expect(await exists(FORECASTS_OF_THE_DAY_COLLECTION, 'cleanup-today-forecast')).toBe(true);

    expect(await cleanupStep.plan(ctx)).toEqual([]);
    // Idempotent: a retried shard finds nothing left and reports nothing.
    expect(await cleanupStep.run(ctx, {})).toEqual({ cleanupCount: 0 });
    await Promise.all(
      [
        db.collection('predictions').doc('cleanup-today'),
        db.collection(FORECASTS_OF_THE_DAY_COLLECTION).doc('cleanup-today-forecast'),
      ].map((ref) => ref.delete()),
    );
  });
});
