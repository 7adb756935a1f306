import { describe, expect, it } from 'vitest';
import type { Prediction, Wallet } from '@stockseer/contract';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { fixedClock } from '../domain/clock';
import { addTradingDays } from '../domain/calendar';
import { newWallet } from '../domain/ledger';
import { hitRange } from '../domain/predictions/hitRule';
import { inlineShardQueue, runDailyMaintenance, type MaintenanceDeps } from '../services/maintenance/runs';
import { dailyMaintenanceJob, MAINTENANCE_SCHEDULE } from './dailyMaintenance';
import { maintenanceServices } from '../../test/steps.testkit';

/**
 * In-process against the Firestore emulator: the scheduled function's handler is invoked as Cloud Scheduler would
 * (the emulator here has no Pub/Sub to fire it), and maintenance is run over a large backlog.
 */
const { db } = adminSdk();
const PREDICTION_DAY = '2025-03-03';
const TARGET_DAY = addTradingDays(PREDICTION_DAY, 7);
const clock = fixedClock(addTradingDays(TARGET_DAY, 1));
// The shards run in this process here; the task queue's own test is maintenance.int.test.ts, through the emulator.
const deps: MaintenanceDeps = { ...maintenanceServices(clock), queue: inlineShardQueue(() => deps) };

async function duePrediction(id: string, userId: string): Promise<Prediction> {
  const [origin] = await deps.marketData.barsUpTo('KO', PREDICTION_DAY, 5).then((bars) => bars.slice(-1));
  const price = origin!.close;
  const prediction: Prediction = {
    id,
    symbol: 'KO',
    modelId: 'naive',
    modelName: 'Naive',
    timeFrame: 'short',
    predictionType: 'future',
    predictionDate: origin!.date,
    priceAtPrediction: price,
    targetDate: TARGET_DAY,
    targetPrice: price,
    lowerPrice: price * 0.95,
    upperPrice: price * 1.05,
    ...hitRange(price, price, 'short'),
    actualPrice: null,
    status: 'active',
    isFree: true,
    hitProbability: 0.5,
    userId,
    userEmail: `${userId}@jobs.test`,
    createdAt: new Date().toISOString(),
  };
  await db
    .collection('predictions')
    .doc(id)
    .set({ ...prediction, modelChoice: 'recommended' });
  return prediction;
}

describe('the dailyMaintenance scheduled function', () => {
  it('runs on weekdays after the New York close', () => {
    const job = dailyMaintenanceJob(() => deps);
    expect(MAINTENANCE_SCHEDULE).toEqual({ schedule: '30 17 * * 1-5', timeZone: 'America/New_York' });
    expect(job.__endpoint.scheduleTrigger).toMatchObject(MAINTENANCE_SCHEDULE);
  });

  it('resolves a due prediction and renews a due allowance when the scheduler invokes it', async () => {
    const userId = `job-${Date.now()}`;
    const wallet: Wallet = { ...newWallet(userId, new Date('2025-01-15T12:00:00Z')), freePredictions: 0 };
    await db.collection('wallets').doc(userId).set(wallet);
    await duePrediction(`job-${userId}`, userId);

    await dailyMaintenanceJob(() => deps).run({ scheduleTime: clock.now().toISOString(), jobName: 'dailyMaintenance' });

    const resolved = (await db.collection('predictions').doc(`job-${userId}`).get()).data() as Prediction;
    expect(resolved.status).not.toBe('active');
    expect(resolved.actualPrice).toBeGreaterThan(0);
    const renewed = (await db.collection('wallets').doc(userId).get()).data() as Wallet;
    expect(renewed.freePredictions).toBe(5);
    expect(renewed.resetDate > clock.today()).toBe(true);
  });

  it('works through a backlog of 1,000 due predictions in bounded pages', async () => {
    const run = `bulk-${Date.now()}`;
    let batch = db.batch();
    const template = await duePrediction(`${run}-template`, run);
    for (let i = 0; i < 999; i++) {
      batch.set(db.collection('predictions').doc(`${run}-${i}`), {
        ...template,
        id: `${run}-${i}`,
        modelChoice: 'recommended',
      });
      if (i % 400 === 399) {
        await batch.commit();
        batch = db.batch();
      }
    }
    await batch.commit();

    const report = await runDailyMaintenance(deps);
    expect(report.updatedCount).toBeGreaterThanOrEqual(1000);
    expect(report.failedCount).toBe(0);
    const left = await db.collection('predictions').where('userId', '==', run).where('status', '==', 'active').get();
    expect(left.size).toBe(0);
  }, 300_000);
});
