import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import {
  AuditLogPage,
  MaintenanceFinished,
  MaintenanceRun,
  MaintenanceRunDetail,
  MaintenanceRuns,
  PredictionPreview,
  type Prediction,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { seedDueWallet } from '../../../../tools/testing/duePredictions';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { addTradingDays } from '../../domain/calendar';
import { fixedClock } from '../../domain/clock';
import { checkInvariants } from '../../domain/ledger';
import { createMarketDataService } from '../../adapters/market-data';
import { readLedger } from '../../adapters/firestore/ledgerRepository';
import { LOG_DIR } from '../../../../tools/stack/processes';
import { auditLogs } from '../../../../tools/stack/logAudit';

/**
 * Daily maintenance through the whole local stack: Hosting, the `api` function, the Cloud Tasks emulator and the
 * `maintenanceShard` task queue function, with the time machine at a date of this file's own.
 */
const { db } = adminSdk();
const PREDICTION_DAY = '2025-04-01';
const RUN_DAY = addTradingDays(addTradingDays(PREDICTION_DAY, 7), 1);
let admin: string;
const asAdmin = (path: string, body?: unknown) => apiCall<unknown>(path, { token: admin, body });

beforeAll(async () => {
  admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  expect((await asAdmin('/api/admin/clock', { today: RUN_DAY })).status).toBe(200);
});
afterAll(async () => {
  await asAdmin('/api/admin/clock', { today: null });
});

async function untilFinished(runId: string): Promise<{ run: MaintenanceRunDetail; sawProgress: boolean }> {
  let sawProgress = false;
  for (;;) {
    const res = await asAdmin(`/api/admin/maintenance-runs/${runId}`);
    expect(res.status).toBe(200);
    const run = MaintenanceRunDetail.parse(res.body);
    if (run.state === 'done' || run.state === 'failed') return { run, sawProgress };
    sawProgress ||= run.state === 'running';
    // Often: on a quiet machine with warm workers a small run goes from queued to done in a few hundred ms.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('maintenance runs through the task queue', () => {
  it('overlapping triggers share one run, which answers 202 at once and reports progress until it is done', async () => {
    const marketData = createMarketDataService({ db, clock: fixedClock(RUN_DAY) });
    const origin = (await marketData.barsUpTo('KO', PREDICTION_DAY, 5)).at(-1)!;
    const tag = `${Date.now()}`;
    const wallets: { userId: string; predictions: Prediction[] }[] = [];
    // Six wallets: enough work that the run is seen running between the polls, even on a quiet machine.
    for (const w of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const userId = `maint-queue-${w}-${tag}`;
      const outcome = (i: number) => (i % 2 === 0 ? 'hit' : 'missed');
      wallets.push({
        userId,
        predictions: await seedDueWallet(db, { userId, paid: 8, free: 2, origin, symbol: 'KO', outcome }),
      });
    }

    const triggering = [1, 2].map((n) =>
      asAdmin('/api/admin/check-predictions', { waitSeconds: 0, reason: `overlapping trigger ${n} ${tag}` }),
    );
    // The trigger that starts the run answers 202 once it is planned; the other joins it. That one's transaction may
    // wait on the first's and be retried for seconds, past the end of a small run: it then answers the run's counts.
    // So the run's progress is watched from the first answer on, not from the last.
    const firstAnswer = await Promise.race(triggering);
    expect(firstAnswer.status, JSON.stringify(firstAnswer.body)).toBe(202);
    const first = MaintenanceRun.parse(firstAnswer.body);
    expect(first).toMatchObject({ trigger: 'manual', today: RUN_DAY, endedAt: null });
    const watching = untilFinished(first.id);

    const triggers = await Promise.all(triggering);
    const inProgress = triggers.filter((t) => t.status === 202).map((t) => MaintenanceRun.parse(t.body));
    const ended = triggers.filter((t) => t.status === 200).map((t) => MaintenanceFinished.parse(t.body));
    expect(inProgress.length + ended.length, JSON.stringify(triggers)).toBe(2);
    expect(new Set([...inProgress.map((r) => r.id), ...ended.map((r) => r.runId)])).toEqual(new Set([first.id]));
    // Each trigger is in the audit log, written with the run it started or joined (docs/product.md#audit-log).
    const audited = AuditLogPage.parse(
      (await asAdmin('/api/admin/audit-log?action=maintenance&limit=20')).body,
    ).entries;
    const ours = audited.filter((e) => e.reason?.endsWith(tag));
    expect(ours.map((e) => [e.details.runId, e.details.today]).sort()).toEqual([
      [first.id, RUN_DAY],
      [first.id, RUN_DAY],
    ]);
    expect(ours.map((e) => e.details.joined).sort()).toEqual([false, true]);

    const { run, sawProgress } = await watching;
    expect(sawProgress).toBe(true);
    expect(run.state).toBe('done');
    expect(run.report).toMatchObject({ failedCount: 0, invariantViolations: 0 });
    expect(run.report.updatedCount).toBeGreaterThanOrEqual(60);
    expect(run.steps.settle!.shardCount).toBeGreaterThanOrEqual(1);
    expect(run.shards.length).toBe(run.shardCount);
    expect(run.shards.every((s) => s.state === 'done' && s.attempts >= 1)).toBe(true);
    expect(run.shardsDone).toBe(run.shardCount);
    expect(run.endedAt! >= run.startedAt).toBe(true);
    // Enqueuing the shards asked Cloud Tasks' emulator only: the Admin SDK was given its service account, so it never
    // probed the cloud metadata server for one (issue 23 saw that request in the log of a first run).
    expect(auditLogs(LOG_DIR).filter((f) => f.kind === 'external request')).toEqual([]);

    for (const { userId, predictions } of wallets) {
      const ledger = (await readLedger(db, userId))!;
      expect(checkInvariants(ledger.wallet, ledger.transactions)).toEqual([]);
      expect(ledger.wallet).toMatchObject({ reservedBalance: 0, chargedBalance: 400, balance: 400 });
      expect(ledger.transactions.filter((t) => t.id.startsWith('settle:'))).toHaveLength(8);
      const snaps = await db.getAll(...predictions.map((p) => db.collection('predictions').doc(p.id)));
      expect(snaps.map((s) => s.get('status'))).not.toContain('active');
    }

    const listed = MaintenanceRuns.parse((await asAdmin('/api/admin/maintenance-runs')).body);
    expect(listed.find((r) => r.id === first.id)).toMatchObject({ state: 'done', report: run.report });
    expect(listed.map((r) => r.startedAt)).toEqual(
      listed
        .map((r) => r.startedAt)
        .sort()
        .reverse(),
    );

    // Within the wait: the run's counts, from a new run (the first one has ended and freed its lease).
    const again = await asAdmin('/api/admin/check-predictions', {});
    expect(again.status).toBe(200);
    const finished = MaintenanceFinished.parse(again.body);
    expect(finished.runId).not.toBe(first.id);
    expect(finished).toMatchObject({ failedCount: 0, invariantViolations: 0 });
    for (const { userId } of wallets) {
      expect((await readLedger(db, userId))!.transactions.filter((t) => t.id.startsWith('settle:'))).toHaveLength(8);
    }
  }, 240_000);

  it("prepares the next session's forecasts: what was asked today is fitted after the close, before anyone asks", async () => {
    const askedOn = addTradingDays(RUN_DAY, 5);
    const nextDay = addTradingDays(askedOn, 1);
    const user = await newTestUser('maint-forecasts');
    const preview = async (query: string) => {
      const res = await apiCall(`/api/predictions/preview?${query}`, { token: user.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return PredictionPreview.parse(res.body);
    };
    const asked = ['symbol=KO&modelId=arima&timeFrame=short', 'symbol=MSFT&modelId=prophet&timeFrame=long'];
    expect((await asAdmin('/api/admin/clock', { today: askedOn })).status).toBe(200);
    for (const query of asked) expect((await preview(query)).predictionDate).toBe(askedOn);

    expect((await asAdmin('/api/admin/clock', { today: nextDay })).status).toBe(200);
    const started = await asAdmin('/api/admin/check-predictions', { waitSeconds: 0 });
    const { run } = await untilFinished(MaintenanceRun.parse(started.body).id);
    expect(run).toMatchObject({ state: 'done', report: { failedCount: 0 } });
    expect(run.report.preparedForecastsCount).toBeGreaterThanOrEqual(asked.length);
    expect(run.steps.forecasts!.shardCount).toBeGreaterThanOrEqual(1);

    // Stored for the new close before anyone asked, as not asked yet; the next preview reads it and marks it asked.
    const preparedRef = db.collection('forecastsOfTheDay').doc(`KO_arima_short_${nextDay}`);
    const prepared = await preparedRef.get();
    expect(prepared.get('asked')).toBe(false);
    const next = await preview(asked[0]!);
    expect(next).toMatchObject({ predictionDate: nextDay, hitProbability: prepared.get('hitProbability') });
    expect((await preparedRef.get()).get('asked')).toBe(true);
    expect((await asAdmin('/api/admin/clock', { today: RUN_DAY })).status).toBe(200);
  }, 120_000);

  it('answers 404 for an unknown run and 400 for a malformed id or wait', async () => {
    expect((await asAdmin('/api/admin/maintenance-runs/no-such-run')).status).toBe(404);
    const bad = await asAdmin('/api/admin/maintenance-runs/a.b');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.any(String) });
    expect((await asAdmin('/api/admin/check-predictions', { waitSeconds: 21 })).status).toBe(400);
    expect((await asAdmin('/api/admin/check-predictions', { wait: 1 })).status).toBe(400);
  });
});
