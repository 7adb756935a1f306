import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import {
  AdminUsersPage,
  AllPredictionsPage,
  ClockState,
  DefaultModels,
  ERROR_MESSAGES,
  GeneratePredictionResponse,
  HistoricalPredictions,
  Prediction,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { maintenanceReportOf } from '../../../../tools/testing/maintenanceRun';
import { fundWallet as fund } from '../../../../tools/testing/wallet';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { checkInvariants } from '../../domain/ledger';
import { addTradingDays } from '../../domain/calendar';
import { readLedger } from '../../adapters/firestore/ledgerRepository';

const { db } = adminSdk();
/** A Monday well inside the demo provider's history. */
const PREDICTION_DAY = '2025-06-02';
let admin: string;

const asAdmin = (path: string, body?: unknown) => apiCall<unknown>(path, { token: admin, body });
const setClock = (today: string | null) => asAdmin('/api/admin/clock', { today });
/** Runs the daily maintenance and answers its report, however long the run outlasts the call. */
const maintenanceReport = async () =>
  maintenanceReportOf(await asAdmin('/api/admin/check-predictions', {}), (path) => asAdmin(path));

/** Time travel needs outcomes we choose: widen or move the stored hit range of a prediction. */
const forceOutcome = (id: string, outcome: 'hit' | 'missed') =>
  db
    .collection('predictions')
    .doc(id)
    .update(outcome === 'hit' ? { hitLow: 0.01, hitHigh: 1e9 } : { hitLow: 1e8, hitHigh: 1e9 });

beforeAll(async () => {
  admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  expect((await setClock(PREDICTION_DAY)).status).toBe(200);
});
afterAll(async () => {
  await setClock(null);
});

describe('the time machine', () => {
  /**
   * What the workers answer to twice as many requests at once as the Functions emulator may run workers
   * (tools/stack/config.ts), so that most of them, likely all, answer some: a worker left on an old date shows.
   */
  const everyWorkerSees = async () => {
    const workers = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 8);
    const answers = await Promise.all(
      Array.from({ length: 2 * workers }, () => apiCall<unknown>('/api/admin/clock', { token: admin })),
    );
    return new Set(answers.map((answer) => JSON.stringify(ClockState.parse(answer.body))));
  };

  it('moves every worker process at once: each request after a change sees the new date', async () => {
    // Every worker has now read the first date; each change below must reach all of them on their next request.
    expect(await everyWorkerSees()).toEqual(new Set([JSON.stringify({ today: PREDICTION_DAY, pinned: true })]));
    for (const today of ['2025-06-03', '2025-06-04', PREDICTION_DAY]) {
      expect((await setClock(today)).status).toBe(200);
      expect(await everyWorkerSees()).toEqual(new Set([JSON.stringify({ today, pinned: true })]));
    }
  });
});

describe('admin API', () => {
  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const user = await newTestUser('not-admin');
    for (const [path, body] of [
      ['/api/admin/default-models', undefined],
      ['/api/admin/default-models', { timeFrame: 'short', modelId: 'arima' }],
      ['/api/admin/check-predictions', {}],
      ['/api/admin/users', undefined],
      ['/api/predictions/all', undefined],
      ['/api/admin/clock', { today: null }],
    ] as const) {
      expect((await apiCall(path, { token: user.token, body })).status, path).toBe(403);
      expect((await apiCall(path, { body })).status, path).toBe(401);
    }
  });

  it('lists users with their wallet and prediction count, searched by e-mail or name, a page at a time', async () => {
    const tag = `roster${Date.now()}`;
    const [first, second] = [await newTestUser(`${tag}-a`), await newTestUser(`${tag}-b`)];
    for (const user of [first, second])
      expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);
    const made = await apiCall('/api/predictions/generate', {
      token: second.token,
      body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
    });
    expect(made.status).toBe(200);

    const page1 = AdminUsersPage.parse((await asAdmin(`/api/admin/users?q=${tag.toUpperCase()}&limit=1`)).body);
    expect(page1.users.map((u) => u.email)).toEqual([first.email]);
    expect(page1.users[0]).toMatchObject({
      displayName: first.displayName,
      isAdmin: false,
      wallet: { balance: 0, reservedBalance: 0, chargedBalance: 0, freePredictions: 5 },
      predictionCount: 0,
    });
    expect(page1.nextCursor).toBe(first.uid);
    const page2 = AdminUsersPage.parse(
      (await asAdmin(`/api/admin/users?q=${tag}&limit=1&cursor=${page1.nextCursor}`)).body,
    );
    expect(page2).toMatchObject({ users: [{ email: second.email, predictionCount: 1 }], nextCursor: null });
    expect(page2.users[0]!.wallet?.freePredictions).toBe(4);

    const admins = AdminUsersPage.parse((await asAdmin(`/api/admin/users?q=${DEMO_ADMIN.email}`)).body).users;
    expect(admins.map((u) => [u.email, u.isAdmin])).toEqual([[DEMO_ADMIN.email, true]]);
    expect((await asAdmin('/api/admin/users?limit=1000')).status).toBe(400);
    expect((await asAdmin(`/api/admin/users?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('changes a default model, validating the choice', async () => {
    const before = DefaultModels.parse((await asAdmin('/api/admin/default-models')).body);
    const bad = await asAdmin('/api/admin/default-models', { timeFrame: 'short', modelId: 'recommended' });
    expect(bad.status).toBe(400);
    const next = before.short === 'prophet' ? 'xgboost' : 'prophet';
    const changed = DefaultModels.parse(
      (await asAdmin('/api/admin/default-models', { timeFrame: 'short', modelId: next })).body,
    );
    expect(changed).toEqual({ ...before, short: next });
    await asAdmin('/api/admin/default-models', { timeFrame: 'short', modelId: before.short });
  });
});

describe('daily maintenance with the time machine', () => {
  it('resolves due predictions, settles money once even when run twice at once, and leaves undue ones active', async () => {
    const user = await newTestUser('maint');
    await fund(db, user, { cents: 300, free: 1 });
    // Different models: the same forecast asked again would be the same prediction (one forecast, one charge).
    const make = async (timeFrame: 'short' | 'long', modelId = 'arima') => {
      const res = await apiCall('/api/predictions/generate', {
        token: user.token,
        body: { symbol: 'KO', modelId, timeFrame },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return GeneratePredictionResponse.parse(res.body).prediction;
    };
    const free = await make('short');
    const paidHit = await make('short', 'xgboost');
    const paidMiss = await make('short', 'prophet');
    const notDue = await make('long');
    expect([free.isFree, paidHit.isFree, paidMiss.isFree, notDue.isFree]).toEqual([true, false, false, false]);
    expect(free.predictionDate <= PREDICTION_DAY).toBe(true);
    await forceOutcome(free.id, 'missed');
    await forceOutcome(paidHit.id, 'hit');
    await forceOutcome(paidMiss.id, 'missed');

    // The day after the short target: its close is final; the long one is months away.
    expect((await setClock(addTradingDays(paidHit.targetDate, 1))).status).toBe(200);
    const reports = await Promise.all([1, 2].map(() => maintenanceReport()));
    expect(reports.reduce((n, r) => n + r.updatedCount, 0)).toBeGreaterThanOrEqual(3);
    for (const r of reports) expect(r).toMatchObject({ invariantViolations: 0 });

    const status = async (id: string) => Prediction.parse((await db.collection('predictions').doc(id).get()).data());
    expect(await status(free.id)).toMatchObject({ status: 'missed' });
    expect(await status(paidHit.id)).toMatchObject({ status: 'hit' });
    expect(await status(paidMiss.id)).toMatchObject({ status: 'missed' });
    expect(await status(notDue.id)).toMatchObject({ status: 'active', actualPrice: null });
    expect((await status(paidHit.id)).actualPrice).toBeGreaterThan(0);

    const ledger = (await readLedger(db, user.uid))!;
    expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
    // $3: three reservations; the hit is charged, the miss released, the long one still reserved.
    expect(ledger.wallet).toMatchObject({ balance: 100, reservedBalance: 100, chargedBalance: 100 });
    expect(ledger.transactions.filter((t) => t.id.startsWith('settle:'))).toHaveLength(2);

    const again = await maintenanceReport();
    expect(again.updatedCount).toBe(0);
    expect((await readLedger(db, user.uid))!.wallet).toEqual(ledger.wallet);

    const page = AllPredictionsPage.parse((await asAdmin(`/api/predictions/all?userId=${user.uid}`)).body);
    expect(page.predictions.map((p) => p.id).sort()).toEqual([free.id, paidHit.id, paidMiss.id, notDue.id].sort());
    expect(page.predictions.every((p) => p.userEmail === user.email)).toBe(true);
    // Newest first, from the server, page after page: each prediction once, none skipped.
    const newestFirst = [...page.predictions]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
      .map((p) => p.id);
    expect(page.predictions.map((p) => p.id)).toEqual(newestFirst);
    const paged: string[] = [];
    for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages++) {
      const query = `userId=${user.uid}&limit=1${cursor === null ? '' : `&cursor=${cursor}`}`;
      const next = AllPredictionsPage.parse((await asAdmin(`/api/predictions/all?${query}`)).body);
      paged.push(...next.predictions.map((p) => p.id));
      cursor = next.nextCursor;
    }
    expect(paged).toEqual(newestFirst);
    expect(await asAdmin('/api/predictions/all?cursor=no-such-prediction')).toMatchObject({
      status: 400,
      body: { message: ERROR_MESSAGES.predictionCursor },
    });
    const hits = AllPredictionsPage.parse((await asAdmin(`/api/predictions/all?userId=${user.uid}&status=hit`)).body);
    expect(hits.predictions.map((p) => p.id)).toEqual([paidHit.id]);
    expect((await asAdmin('/api/predictions/all?status=won')).status).toBe(400);
    const users = AdminUsersPage.parse((await asAdmin(`/api/admin/users?q=${user.email}`)).body).users;
    expect(users.map((u) => [u.id, u.email, u.predictionCount])).toEqual([[user.uid, user.email, 4]]);
  }, 180_000);
});

describe('All User Predictions, newest first', () => {
  /** The list's order: creation instant, then (a back-test run's records share one) market date, then id. */
  const newestFirst = (a: Prediction, b: Prediction) =>
    b.createdAt.localeCompare(a.createdAt) ||
    b.predictionDate.localeCompare(a.predictionDate) ||
    b.id.localeCompare(a.id);
  const ids = (predictions: readonly Prediction[]) => predictions.map((p) => p.id);
  /** Every page of a filtered view, `limit` at a time, until `enough` says so or the pages end. */
  async function pagesOf(filter: string, limit: number, enough = (_: Prediction[]) => false) {
    const listed: Prediction[] = [];
    let cursor: string | null = null;
    do {
      const query = `${filter}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page = AllPredictionsPage.parse((await asAdmin(`/api/predictions/all?${query}`)).body);
      listed.push(...page.predictions);
      cursor = page.nextCursor;
    } while (cursor !== null && !enough(listed));
    return listed;
  }

  it('lists forecasts made on one market date in the order they were made, the newest first, on every page', async () => {
    const user = await newTestUser('order');
    await fund(db, user, { cents: 0, free: 3 });
    const made: Prediction[] = [];
    for (const symbol of ['KO', 'MSFT', 'AAPL']) {
      const res = await apiCall('/api/predictions/generate', {
        token: user.token,
        body: { symbol, modelId: 'arima', timeFrame: 'short' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(GeneratePredictionResponse.parse(res.body).prediction);
    }
    // One market date (the pinned one), yet three instants, in the order of the asks.
    expect(new Set(made.map((p) => p.predictionDate)).size).toBe(1);
    expect(new Set(made.map((p) => p.createdAt)).size).toBe(3);
    const newestFirstIds = ids(made).reverse();
    for (const [filter, limit] of [
      [`userId=${user.uid}`, 50],
      [`userId=${user.uid}`, 1],
      [`userId=${user.uid}&predictionType=future&timeFrame=short`, 2],
    ] as const) {
      expect(ids(await pagesOf(filter, limit)), `${filter} by ${limit}`).toEqual(newestFirstIds);
    }
  }, 120_000);

  it('lists the historical view run by run, the newest first, each run from its newest market date', async () => {
    const user = await newTestUser('order-past');
    const res = await apiCall('/api/predictions/historical?symbol=KO&modelId=arima&timeFrame=medium', {
      token: user.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = new Set(ids(HistoricalPredictions.parse(res.body).predictions));
    expect(run.size).toBeGreaterThan(1);

    const listed = await pagesOf(
      'predictionType=historical',
      100,
      (so) => so.filter((p) => run.has(p.id)).length === run.size,
    );
    expect(ids(listed)).toEqual(ids([...listed].sort(newestFirst)));
    const ours = listed.flatMap((p, at) => (run.has(p.id) ? [{ at, date: p.predictionDate }] : []));
    expect(ours).toHaveLength(run.size);
    // Together, and from the newest origin down.
    expect(ours.at(-1)!.at - ours[0]!.at).toBe(run.size - 1);
    expect(ours.map((p) => p.date)).toEqual(
      ours
        .map((p) => p.date)
        .sort()
        .reverse(),
    );
  }, 180_000);
});
