import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { GeneratePredictionResponse, Overview, type BusinessFigures, type OverviewPeriod } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { maintenanceReportOf } from '../../../../tools/testing/maintenanceRun';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { seedDueWallet } from '../../../../tools/testing/duePredictions';
import { fundWallet } from '../../../../tools/testing/wallet';
import { addTradingDays } from '../../domain/calendar';
import { fixedClock } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { createModelPool } from '../../adapters/model-pool/pool';
import { readAllBusinessFigures } from '../../adapters/firestore/businessFigures';
import { commitToWallet } from '../../adapters/firestore/walletWriter';
import { creditTopUp } from '../../adapters/firestore/wallets';
import { ledgerTxId, payForPrediction } from '../../domain/ledger';
import { settlementStep } from '../maintenance/settlement';
import { recountOverview } from './overviewRecount';
import {
  balanceReaches,
  db,
  healthyLedger,
  paidTopUp,
  payments,
  resendEvent,
  sandboxEventsOf,
} from '../../../test/payments.testkit';
import { reconcilePeriodOf, stepContext } from '../../../test/steps.testkit';
import { reconcileStep } from '../maintenance/books';
import { push } from '../../../test/push.testkit';

/**
 * The overview's figures against a recount (docs/architecture.md#the-business-overview): random activity through the
 * real stack (sign-ins, top-ups paid in the Stripe sandbox and credited by its webhooks, generates, a maintenance
 * run), a replayed webhook and a retried settlement shard, each counted once; and the test kits' seeded wallets,
 * which go through the wallet writer too. Tests that compare figures before and after first mend them to a recount,
 * absorbing what another file may have written behind the wallet writer's back.
 */
// Days no other test makes predictions near, so that the maintenance run below settles only this test's.
const GENERATE_DAY = '2024-02-05';
const SETTLE_DAY = addTradingDays(addTradingDays(GENERATE_DAY, 7), 1);
// The test kits' own day, away from the others.
const KIT_DAY = '2024-09-09';
let admin: string;

const asAdmin = (path: string, body?: unknown) => apiCall<unknown>(path, { token: admin, body });
const setClock = (today: string | null) => asAdmin('/api/admin/clock', { today });

async function overviewOf(granularity: 'day' | 'month', from: string, to = from): Promise<OverviewPeriod[]> {
  const res = await asAdmin(`/api/admin/overview?granularity=${granularity}&from=${from}&to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Overview.parse(res.body).periods;
}

/** Waits until the run a trigger answered with is done: at once (200), or when its polls say so (202). */
const untilDone = async (trigger: { status: number; body: unknown }) =>
  void (await maintenanceReportOf(trigger, (path) => asAdmin(path)));

/** The change of each figure between two readings of one period. */
function change(before: OverviewPeriod, after: OverviewPeriod): Partial<Record<keyof BusinessFigures, number>> {
  const names = Object.keys(before).filter((k) => k !== 'period' && k !== 'hitRate') as (keyof BusinessFigures)[];
  return Object.fromEntries(names.flatMap((n) => (after[n] === before[n] ? [] : [[n, after[n] - before[n]]])));
}

beforeAll(async () => {
  admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  expect((await setClock(GENERATE_DAY)).status).toBe(200);
});
afterAll(async () => {
  await setClock(null);
});

// Per user: top-ups in dollars, free predictions left, and each forecast asked (a distinct model of KO: the users
// share each fit, the forecast of the day, so the test fits twice at most) with the outcome its close is made to give.
const FORECASTS = ['arima', 'xgboost'].map((modelId) => ({ symbol: 'KO', modelId }));
const userPlan = fc.record({
  topUps: fc.array(fc.integer({ min: 5, max: 12 }), { minLength: 1, maxLength: 2 }),
  free: fc.nat(2),
  forecasts: fc.shuffledSubarray(FORECASTS, { minLength: 1, maxLength: 2 }),
  hits: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
});

describe('the business overview', () => {
  it('adds up random activity through the stack exactly once, equal to a recount', async () => {
    const seed = Date.now();
    const [plans] = fc.sample(fc.array(userPlan, { minLength: 2, maxLength: 2 }), { numRuns: 1, seed });
    expect(await recountOverview(db, { mend: true })).toBeDefined();
    const [dayBefore] = await overviewOf('day', GENERATE_DAY);
    const [settleBefore] = await overviewOf('day', SETTLE_DAY);
    const [monthBefore] = await overviewOf('month', GENERATE_DAY);

    const made: { id: string; isFree: boolean; hit: boolean }[] = [];
    let paidIntent = '';
    for (const plan of plans!) {
      const user = await newTestUser('overview');
      expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
      // Fewer free predictions than a new month's five, so that paid ones come soon (no money moves here).
      await db.collection('wallets').doc(user.uid).update({ freePredictions: plan.free });
      let credited = 0;
      for (const dollars of plan.topUps) {
        paidIntent = await paidTopUp(user.token, dollars);
        // The app's own credit request beside the webhook: the same top-up, credited once.
        await apiCall('/api/wallet/add-stripe-funds', { token: user.token, body: { paymentIntentId: paidIntent } });
        credited += dollars * 100;
        await balanceReaches(user.uid, credited);
      }
      for (const [i, { symbol, modelId }] of plan.forecasts.entries()) {
        const res = await apiCall('/api/predictions/generate', {
          token: user.token,
          body: { symbol, modelId, timeFrame: 'short' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const { prediction } = GeneratePredictionResponse.parse(res.body);
        made.push({ id: prediction.id, isFree: prediction.isFree, hit: plan.hits[i]! });
      }
    }
    // A webhook Stripe delivers again: nothing moves, nothing counts.
    const [succeeded] = await sandboxEventsOf('payment_intent.succeeded', paidIntent);
    expect((await resendEvent(succeeded!.id)).status).toBe(200);

    for (const p of made) {
      await db
        .collection('predictions')
        .doc(p.id)
        .update(p.hit ? { hitLow: 0.01, hitHigh: 1e9 } : { hitLow: 1e8, hitHigh: 1e9 });
    }
    expect((await setClock(SETTLE_DAY)).status).toBe(200);
    // Two triggers at once share one run; on a busy machine it may outlast the wait (202), so it is waited for.
    const runs = await Promise.all([1, 2].map(() => asAdmin('/api/admin/check-predictions', {})));
    for (const run of runs) await untilDone(run);

    const paid = made.filter((p) => !p.isFree);
    const moneyIn = plans!.flatMap((p) => p.topUps).reduce((sum, dollars) => sum + 100 * dollars, 0);
    const generated = {
      moneyIn,
      newUsers: plans!.length,
      activeUsers: plans!.length,
      freePredictions: made.length - paid.length,
      paidPredictions: paid.length,
      reservedOutstanding: 100 * paid.length,
    };
    const charged = 100 * paid.filter((p) => p.hit).length;
    const settled = {
      resolved: made.length,
      hits: made.filter((p) => p.hit).length,
      revenue: charged,
      released: 100 * paid.length - charged,
    };
    const nonZero = (figures: Record<string, number>) =>
      Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== 0));
    const [dayAfter] = await overviewOf('day', GENERATE_DAY);
    expect(change(dayBefore!, dayAfter!), `seed ${seed}`).toEqual(nonZero(generated));
    const [settleAfter] = await overviewOf('day', SETTLE_DAY);
    // Outstanding at the end of the settlement day: what the generate day added, all released or charged since.
    expect(change(settleBefore!, settleAfter!), `seed ${seed}`).toEqual(nonZero(settled));
    const [monthAfter] = await overviewOf('month', GENERATE_DAY);
    expect(change(monthBefore!, monthAfter!), `seed ${seed}`).toEqual(
      nonZero({ ...generated, ...settled, reservedOutstanding: 0 }),
    );

    expect(await recountOverview(db, { mend: false }), `seed ${seed}`).toEqual([]);
  }, 300_000);

  it('counts a settlement shard retried, and delivered twice at once, exactly once', async () => {
    const clock = fixedClock(addTradingDays(addTradingDays('2025-03-03', 7), 1));
    const marketData = createMarketDataService({ db, clock });
    const origin = (await marketData.barsUpTo('KO', '2025-03-03', 5)).at(-1)!;
    const userId = `overview-retry-${Date.now()}`;
    const predictions = await seedDueWallet(db, {
      userId,
      paid: 5,
      free: 2,
      origin,
      symbol: 'KO',
      outcome: (i) => (i % 2 === 0 ? 'hit' : 'missed'),
    });
    const before = await readAllBusinessFigures(db);
    const models = createModelPool({ threads: 1 });
    const ctx = { db, marketData, models, payments, push, runId: `overview-${userId}`, clock, finalAttempt: false };
    const input = { owners: [{ ownerId: userId, predictionIds: predictions.map((p) => p.id) }] };
    try {
      await settlementStep.run(ctx, input);
      await Promise.all([settlementStep.run(ctx, input), settlementStep.run(ctx, input)]);
    } finally {
      await models.close();
    }

    const after = await readAllBusinessFigures(db);
    const key = `day:${clock.today()}`;
    // The first two are free (the allowance goes first); the even ones hit: one free, three paid.
    expect(after.get(key)!.resolved - (before.get(key)?.resolved ?? 0)).toBe(7);
    expect(after.get(key)!.hits - (before.get(key)?.hits ?? 0)).toBe(4);
    expect(after.get(key)!.revenue - (before.get(key)?.revenue ?? 0)).toBe(300);
    expect(after.get(key)!.released - (before.get(key)?.released ?? 0)).toBe(200);
    expect(await recountOverview(db, { mend: false })).toEqual([]);
  }, 180_000);

  it('counts concurrent commits of many wallets exactly once: top-ups delivered three times at once, and reservations', async () => {
    // An instant of its own, so that only this test's commits land on its day.
    const now = new Date(`2023-05-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}T15:00:00.000Z`);
    const key = `day:${now.toISOString().slice(0, 10)}`;
    const before = (await readAllBusinessFigures(db)).get(key);
    const users = Array.from({ length: 8 }, (_, u) => `overview-burst-${u}-${Date.now()}`);
    const payments = users.flatMap((userId, u) =>
      [0, 1].map((i) => ({
        paymentIntentId: `pi_${userId}_${i}`,
        userId,
        amountCents: 500 + 10 * u + i,
        succeeded: true,
      })),
    );
    const reserve = (userId: string, i: number) =>
      commitToWallet(db, {
        userId,
        now,
        steps: [
          {
            txId: ledgerTxId.reserve(`${userId}-p${i}`),
            decide: (wallet) => payForPrediction(wallet, { predictionId: `${userId}-p${i}`, ticker: 'KO', now }),
          },
        ],
      });
    await Promise.all([...payments, ...payments, ...payments].map((payment) => creditTopUp(db, payment, now)));
    // Six each, five of them free, all at once (and each asked twice).
    await Promise.all(users.flatMap((userId) => [0, 1, 2, 3, 4, 5, 0, 5].map((i) => reserve(userId, i))));

    const after = (await readAllBusinessFigures(db)).get(key)!;
    const added = (name: 'moneyIn' | 'newUsers' | 'freePredictions' | 'paidPredictions' | 'reservedChange') =>
      after[name] - (before?.[name] ?? 0);
    expect(added('moneyIn')).toBe(payments.reduce((sum, p) => sum + p.amountCents, 0));
    expect(added('newUsers')).toBe(users.length);
    expect(added('freePredictions')).toBe(5 * users.length);
    expect(added('paidPredictions')).toBe(users.length);
    expect(added('reservedChange')).toBe(100 * users.length);
    expect(await recountOverview(db, { mend: false })).toEqual([]);
  }, 180_000);

  it("counts the test kits' money as production's: after seeding and a maintenance run, the figures equal a recount, reserved outstanding never below zero, every seeded deposit paid in Stripe", async () => {
    const from = new Date(Date.now() - 1000);
    expect(await recountOverview(db, { mend: true })).toBeDefined();
    const clock = fixedClock(KIT_DAY);
    const origin = (await createMarketDataService({ db, clock }).barsUpTo('KO', KIT_DAY, 5)).at(-1)!;
    const [dayBefore] = await overviewOf('day', origin.date);
    const userId = `overview-kit-${Date.now()}`;
    const seeded = await seedDueWallet(db, {
      userId,
      paid: 6,
      free: 2,
      origin,
      symbol: 'KO',
      outcome: (i) => (i % 3 === 0 ? 'hit' : 'missed'),
      spareCents: 150,
    });
    const funded = await newTestUser('overview-kit-funded');
    await fundWallet(db, funded, { cents: 700, free: 0 });
    // Counted on the seeding's day as a generate's would be: two free (the allowance first), six paid.
    const [dayAfter] = await overviewOf('day', origin.date);
    expect(change(dayBefore!, dayAfter!)).toEqual({
      moneyIn: 750,
      newUsers: 1,
      freePredictions: 2,
      paidPredictions: 6,
      reservedOutstanding: 600,
    });
    expect(await recountOverview(db, { mend: false })).toEqual([]);

    // The seeded predictions fall due: a maintenance run settles them (and whatever else is due by then).
    const settleDay = addTradingDays(seeded[0]!.targetDate, 1);
    expect((await setClock(settleDay)).status).toBe(200);
    await untilDone(await asAdmin('/api/admin/check-predictions', {}));
    const statuses = await Promise.all(
      seeded.map(async (p) => (await db.collection('predictions').doc(p.id).get()).get('status')),
    );
    expect(statuses).toEqual(seeded.map((_, i) => (i % 3 === 0 ? 'hit' : 'missed')));

    expect(await recountOverview(db, { mend: false })).toEqual([]);
    const days = await overviewOf('day', origin.date, settleDay);
    const months = await overviewOf('month', origin.date, settleDay);
    for (const period of [...days, ...months])
      expect(period.reservedOutstanding, period.period).toBeGreaterThanOrEqual(0);

    // The nightly reconciliation finds a top-up in Stripe behind each seeded deposit: no finding.
    const deposits = (await Promise.all([userId, funded.uid].map((uid) => healthyLedger(uid)))).flatMap((ledger) =>
      ledger.transactions.filter((t) => t.type === 'deposit'),
    );
    expect(deposits.map((t) => t.amount).sort()).toEqual([700, 750]);
    for (const line of deposits) {
      const period = reconcilePeriodOf(from, [line]);
      expect(await reconcileStep.run(stepContext(`overview-kit-${line.id}`, clock), period)).toEqual({
        booksDiscrepancies: 0,
      });
    }
  }, 300_000);

  it('refuses bad ranges with 400 and a message, and anyone but an admin', async () => {
    const refused: [string, unknown][] = [
      ['granularity=week', expect.stringMatching(/^granularity: /)],
      ['from=2026-11-02&to=2026-11-01', 'from: from must not be after to'],
      ['from=2026-01-01&to=2026-06-01', 'a range may cover at most 92 days'],
      ['granularity=month&from=2020-01-01&to=2026-01-01', 'a range may cover at most 36 months'],
      ['from=1999-12-31', 'from: dates run from 2000-01-01 to 2999-12-31'],
      ['to=2026-02-30', 'to: expected a date that exists in the calendar'],
    ];
    for (const [query, message] of refused) {
      expect(await asAdmin(`/api/admin/overview?${query}`), query).toMatchObject({ status: 400, body: { message } });
    }
    const user = await newTestUser('overview-not-admin');
    expect((await apiCall('/api/admin/overview', { token: user.token })).status).toBe(403);
    expect((await apiCall('/api/admin/overview')).status).toBe(401);
    // Without dates: the last 30 days up to the stack's today.
    expect((await setClock(GENERATE_DAY)).status).toBe(200);
    const { periods, to } = Overview.parse((await asAdmin('/api/admin/overview')).body);
    expect([periods.length, to]).toEqual([30, GENERATE_DAY]);
  });
});
