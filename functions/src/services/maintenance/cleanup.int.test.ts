import { describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { fixedClock, fixedClockAt } from '../../domain/clock';
import { COLLECTIONS } from '../../adapters/firestore/db';
import { cleanupStep } from './cleanup';
import { stepContext } from '../../../test/steps.testkit';

/**
 * The cleanup step in-process against the Firestore emulator, on a run date of its own in 2000 (nothing else the
 * suite writes is that old, so everything stale before it is this test's).
 */
const { db } = adminSdk();
const TODAY = '2000-01-10';
const YESTERDAY = '2000-01-07';
const clock = fixedClock(TODAY);
const ctx = stepContext('cleanup-test', clock);

const exists = async (collection: string, id: string) => (await db.collection(collection).doc(id).get()).exists;

describe('the cleanup step', () => {
  it("removes stale back-test records and runs, earlier days' forecasts and week-old idempotency keys, keeps the rest, then plans nothing", async () => {
    const record = (id: string, computedOn: string) =>
      db.collection(COLLECTIONS.predictions).doc(id).set({ predictionType: 'historical', computedOn });
    const forecast = (id: string, predictionDate: string) =>
      db.collection(COLLECTIONS.forecastsOfTheDay).doc(id).set({ predictionDate });
    const key = (id: string, recordedOn: string) =>
      db.collection(COLLECTIONS.idempotencyKeys).doc(id).set({ recordedOn });
    await Promise.all([
      record('cleanup-old-1', YESTERDAY),
      record('cleanup-old-2', '1999-12-31'),
      record('cleanup-today', TODAY),
      db.collection(COLLECTIONS.backtests).doc('cleanup-old-run').set({ computedOn: YESTERDAY }),
      forecast('cleanup-old-forecast', YESTERDAY),
      forecast('cleanup-today-forecast', TODAY),
      key('cleanup-old-key', '1999-12-31'),
      key('cleanup-recent-key', YESTERDAY),
    ]);
    expect(await cleanupStep.plan(ctx)).toHaveLength(1);

    expect(await cleanupStep.run(ctx, {})).toEqual({ cleanupCount: 2 });
    expect(await exists(COLLECTIONS.predictions, 'cleanup-old-1')).toBe(false);
    expect(await exists(COLLECTIONS.predictions, 'cleanup-old-2')).toBe(false);
    expect(await exists(COLLECTIONS.backtests, 'cleanup-old-run')).toBe(false);
    expect(await exists(COLLECTIONS.forecastsOfTheDay, 'cleanup-old-forecast')).toBe(false);
    expect(await exists(COLLECTIONS.predictions, 'cleanup-today')).toBe(true);
    expect(await exists(COLLECTIONS.forecastsOfTheDay, 'cleanup-today-forecast')).toBe(true);
    expect(await exists(COLLECTIONS.idempotencyKeys, 'cleanup-old-key')).toBe(false);
    expect(await exists(COLLECTIONS.idempotencyKeys, 'cleanup-recent-key')).toBe(true);

    expect(await cleanupStep.plan(ctx)).toEqual([]);
    // Idempotent: a retried shard finds nothing left and reports nothing.
    expect(await cleanupStep.run(ctx, {})).toEqual({ cleanupCount: 0 });
    await Promise.all(
      [
        db.collection(COLLECTIONS.predictions).doc('cleanup-today'),
        db.collection(COLLECTIONS.forecastsOfTheDay).doc('cleanup-today-forecast'),
        db.collection(COLLECTIONS.idempotencyKeys).doc('cleanup-recent-key'),
      ].map((ref) => ref.delete()),
    );
  });

  it("keeps the last final close's forecasts while the market is open (they are still the newest)", async () => {
    const duringHours = fixedClockAt(TODAY, new Date(`${TODAY}T15:00:00Z`));
    const forecastRef = db.collection(COLLECTIONS.forecastsOfTheDay).doc('cleanup-last-close-forecast');
    await forecastRef.set({ predictionDate: YESTERDAY });
    await cleanupStep.run({ ...ctx, clock: duringHours }, {});
    expect((await forecastRef.get()).exists).toBe(true);
    await forecastRef.delete();
  });
});
