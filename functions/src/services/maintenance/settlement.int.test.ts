import { describe, expect, it } from 'vitest';
import type { Prediction } from '@stockseer/contract';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { seedDueWallet } from '../../../../tools/testing/duePredictions';
import { fixedClock } from '../../domain/clock';
import { addTradingDays } from '../../domain/calendar';
import { checkInvariants } from '../../domain/ledger';
import type { MarketDataService } from '../../domain/market-data/service';
import { createMarketDataService } from '../../adapters/market-data';
import { createModelPool } from '../../adapters/model-pool/pool';
import { readLedger } from '../../adapters/firestore/ledgerRepository';
import { findRunDetail, recordPlan, startOrJoinRun } from '../../adapters/firestore/maintenanceRuns';
import { SETTLE_CHUNK } from '../../adapters/firestore/walletSettlement';
import { markRead, storedNotification } from '../../adapters/firestore/notifications';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import { runShard, type MaintenanceDeps } from './runs';
import { settlementStep } from './settlement';
import { payments } from '../../../test/payments.testkit';
import { push } from '../../../test/push.testkit';

/**
 * In-process against the Firestore emulator: the settlement shard called directly, as the task queue would call it
 * (the queue itself is tested through the Functions emulator in http/routes/maintenance.int.test.ts).
 */
const { db } = adminSdk();
const PREDICTION_DAY = '2025-03-03';
const clock = fixedClock(addTradingDays(addTradingDays(PREDICTION_DAY, 7), 1));
const marketData = createMarketDataService({ db, clock });
// Settlement fits nothing; the steps' context carries the pool for the forecasts step.
const models = createModelPool({ threads: 1 });
const origin = async (symbol: string) => (await marketData.barsUpTo(symbol, PREDICTION_DAY, 5)).at(-1)!;
const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function ledgerOf(userId: string) {
  const ledger = (await readLedger(db, userId))!;
  expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
  return ledger;
}
/** The user's inbox, as stored (docs/product.md#inbox). */
const inboxOf = async (userId: string) =>
  (await db.collection('users').doc(userId).collection('notifications').get()).docs.map(storedNotification);

const statuses = async (predictions: Prediction[]) =>
  (await db.getAll(...predictions.map((p) => db.collection('predictions').doc(p.id)))).map((s) => s.get('status'));

/** A run with one settlement shard over these wallets' predictions, on a date of its own (its own lease). */
async function runWithShard(owners: { ownerId: string; predictions: Prediction[] }[], today: string) {
  const { runId } = await startOrJoinRun(db, { trigger: 'manual', today, marketNow: clock.now(), wallNow: new Date() });
  const input = { owners: owners.map((o) => ({ ownerId: o.ownerId, predictionIds: o.predictions.map((p) => p.id) })) };
  const itemCount = owners.reduce((n, o) => n + o.predictions.length, 0);
  await recordPlan(db, {
    runId,
    today,
    shards: [{ id: 'settle-0000', step: 'settle', input, itemCount }],
    wallNow: new Date(),
  });
  return { runId, shardId: 'settle-0000' };
}

describe('settling per wallet', () => {
  it('settles a wallet with many due predictions in chunks: hits charged, misses released, free ones untouched', async () => {
    const userId = `settle-many-${stamp()}`;
    const paid = 2 * SETTLE_CHUNK + 20;
    const predictions = await seedDueWallet(db, {
      userId,
      paid,
      free: 5,
      origin: await origin('KO'),
      symbol: 'KO',
      outcome: (i) => (i % 3 === 0 ? 'hit' : 'missed'),
      spareCents: 250,
    });
    const before = await ledgerOf(userId);
    expect(before.wallet).toMatchObject({ balance: 250, reservedBalance: paid * 100, freePredictions: 0 });

    const report = await settlementStep.run(
      { db, marketData, models, payments, push, runId: `direct-${stamp()}`, clock, finalAttempt: false },
      { owners: [{ ownerId: userId, predictionIds: predictions.map((p) => p.id) }] },
    );

    expect(report).toMatchObject({ updatedCount: paid + 5, failedCount: 0, invariantViolations: 0 });
    const paidHits = predictions.filter((p, i) => !p.isFree && i % 3 === 0).length;
    const after = await ledgerOf(userId);
    expect(after.wallet).toMatchObject({
      reservedBalance: 0,
      chargedBalance: paidHits * 100,
      balance: 250 + (paid - paidHits) * 100,
      freePredictions: 0,
    });
    const settles = after.transactions.filter((t) => t.id.startsWith('settle:'));
    expect(settles).toHaveLength(paid);
    expect(settles.filter((t) => t.type === 'payment')).toHaveLength(paidHits);
    expect(new Set(settles.map((t) => t.id)).size).toBe(paid);
    const freeIds = new Set(predictions.filter((p) => p.isFree).map((p) => `settle:${p.id}`));
    expect(freeIds.size).toBe(5);
    expect(settles.filter((t) => freeIds.has(t.id))).toEqual([]);
    expect(await statuses(predictions)).toEqual(predictions.map((_, i) => (i % 3 === 0 ? 'hit' : 'missed')));
  }, 180_000);

  it('a shard retried after a crash mid-way settles nothing twice, and counts every settlement once', async () => {
    const tag = stamp();
    const ko = await origin('KO');
    const wallets = await Promise.all(
      ['a', 'b', 'c'].map(async (w) => {
        const ownerId = `settle-crash-${w}-${tag}`;
        const symbol = w === 'c' ? 'MSFT' : 'KO';
        const predictions = await seedDueWallet(db, {
          userId: ownerId,
          paid: 6,
          free: 2,
          origin: w === 'c' ? await origin('MSFT') : ko,
          symbol,
          outcome: (i) => (i % 2 === 0 ? 'hit' : 'missed'),
        });
        return { ownerId, predictions };
      }),
    );
    const task = await runWithShard(wallets, '2025-03-21');
    // The crash: MSFT's prices cannot be read, after wallets a and b have settled.
    const crashing = Object.assign(Object.create(marketData) as MarketDataService, {
      barsUpTo: (symbol: string, date: string, days?: number) =>
        symbol === 'MSFT' ? Promise.reject(new Error('provider died')) : marketData.barsUpTo(symbol, date, days),
    });
    const deps = (data: MarketDataService): MaintenanceDeps => ({
      db,
      clock,
      marketData: data,
      models,
      payments,
      push,
      queue: { enqueue: async () => {} },
    });

    await expect(runShard(deps(crashing), task, { finalAttempt: false })).rejects.toThrow(/will be retried/);
    const [a, b, c] = wallets;
    expect(await statuses(a!.predictions)).not.toContain('active');
    expect(await statuses(b!.predictions)).not.toContain('active');
    expect(await statuses(c!.predictions)).toEqual(c!.predictions.map(() => 'active'));
    const halfway = await findRunDetail(db, task.runId);
    expect(halfway).toMatchObject({ state: 'running', shardsDone: 0, report: { updatedCount: 0 } });
    expect(halfway!.shards[0]).toMatchObject({ state: 'running', attempts: 1 });
    // The crashed attempt's inbox entries are there, and the owner reads one before the retry.
    const [first] = await inboxOf(a!.ownerId);
    await markRead(db, a!.ownerId, [first!.id]);

    // The queue's retry, and a duplicate delivery of it at the same moment.
    await Promise.all([
      runShard(deps(marketData), task, { finalAttempt: false }),
      runShard(deps(marketData), task, { finalAttempt: false }),
    ]);
    for (const w of wallets) {
      const ledger = await ledgerOf(w.ownerId);
      expect(ledger.wallet).toMatchObject({ reservedBalance: 0, chargedBalance: 300, balance: 300 });
      expect(ledger.transactions.filter((t) => t.id.startsWith('settle:'))).toHaveLength(6);
      expect(await statuses(w.predictions)).not.toContain('active');
    }
    // One inbox entry per prediction resolved, free or paid, whatever the retries: the read one stays read.
    for (const w of wallets) {
      const inbox = await inboxOf(w.ownerId);
      expect(inbox.map((n) => n.id).sort()).toEqual(w.predictions.map((p) => `resolved:${p.id}`).sort());
      const settled = await statuses(w.predictions);
      for (const [i, p] of w.predictions.entries()) {
        expect(inbox.find((n) => n.id === `resolved:${p.id}`)).toMatchObject({
          kind: settled[i] === 'hit' ? 'prediction.hit' : 'prediction.missed',
          runId: task.runId,
          predictionId: p.id,
          symbol: p.symbol,
          timeFrame: p.timeFrame,
          isFree: p.isFree,
          amountCents: p.isFree ? 0 : 100,
          transactionId: p.isFree ? null : `settle:${p.id}`,
        });
      }
    }
    expect((await inboxOf(a!.ownerId)).find((n) => n.id === first!.id)?.read).toBe(true);
    // What the run's Web Push summaries read: every entry it wrote, in one collection-group query.
    const ofRun = await buildQuery(db, QUERIES.notificationsOfRun, [task.runId]).get();
    expect(ofRun.size).toBe(24);

    const done = await findRunDetail(db, task.runId);
    expect(done).toMatchObject({ state: 'done', shardsDone: 1, report: { updatedCount: 24, failedCount: 0 } });
    expect(done!.shards[0]).toMatchObject({ state: 'done', report: { updatedCount: 24 } });
    expect(done!.endedAt).not.toBeNull();

    // A late redelivery of a finished shard changes nothing.
    await runShard(deps(marketData), task, { finalAttempt: false });
    expect(await findRunDetail(db, task.runId)).toEqual(done);
  }, 180_000);

  it("a shard's last attempt records its failure on the run instead of throwing", async () => {
    const ownerId = `settle-giveup-${stamp()}`;
    const predictions = await seedDueWallet(db, {
      userId: ownerId,
      paid: 2,
      free: 0,
      origin: await origin('KO'),
      symbol: 'KO',
      outcome: () => 'hit',
    });
    const task = await runWithShard([{ ownerId, predictions }], '2025-03-24');
    const broken = Object.assign(Object.create(marketData) as MarketDataService, {
      barsUpTo: () => Promise.reject(new Error('provider died')),
    });
    await runShard(
      { db, clock, marketData: broken, models, payments, push, queue: { enqueue: async () => {} } },
      task,
      {
        finalAttempt: true,
      },
    );
    const run = await findRunDetail(db, task.runId);
    expect(run).toMatchObject({ state: 'done', report: { failedCount: 1, updatedCount: 0 } });
    expect((await ledgerOf(ownerId)).wallet.reservedBalance).toBe(200);
  }, 120_000);
});
