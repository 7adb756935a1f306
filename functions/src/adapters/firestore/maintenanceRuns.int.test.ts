import { beforeAll, describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { LEASE_MS } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { findRun, recordPlan, startOrJoinRun } from './maintenanceRuns';

const { db } = adminSdk();
/** A market date of this file's own: the lease is per date. */
const TODAY = '2024-02-29';
const marketNow = new Date(`${TODAY}T21:00:00Z`);

// Its clock runs in the past, so that the runs it leaves behind never sort above a real one on the Admin tab (the
// latest runs are listed by their start time).
const t0 = new Date(Date.now() - 2 * LEASE_MS - 60_000);
const at = (ms: number) => new Date(t0.getTime() + ms);
const start = (wallNow: Date) => startOrJoinRun(db, { trigger: 'manual', today: TODAY, marketNow, wallNow });
/** Ends a run as one with nothing to do does: at once, freeing the lease. */
const end = (runId: string, ms: number) => recordPlan(db, { runId, today: TODAY, shards: [], wallNow: at(ms) });

// The date's lease as an earlier run of this file left it: its run may have started after this run's t0.
beforeAll(() => db.collection(COLLECTIONS.settings).doc(`maintenanceLease-${TODAY}`).delete());

describe('the maintenance lease', () => {
  it('lets overlapping triggers join the run in progress, and a trigger after its owner died start afresh', async () => {
    const first = await start(t0);
    expect(first.joined).toBe(false);
    const [a, b] = await Promise.all([start(new Date(t0.getTime() + 1000)), start(new Date(t0.getTime() + 2000))]);
    expect([a, b]).toEqual([
      { runId: first.runId, joined: true },
      { runId: first.runId, joined: true },
    ]);

    // Its planner died: no shard ever finished, and the lease ran out.
    const late = await start(new Date(t0.getTime() + LEASE_MS + 1));
    expect(late.joined).toBe(false);
    expect(late.runId).not.toBe(first.runId);
    expect(await findRun(db, first.runId)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/Abandoned/),
    });

    // A run with nothing to do ends at once and frees the lease.
    await end(late.runId, LEASE_MS + 2);
    expect(await findRun(db, late.runId)).toMatchObject({ state: 'done', shardCount: 0 });
    const next = await start(at(LEASE_MS + 3));
    expect(next.joined).toBe(false);
    // Ended too, so that no run of this test looks in progress on the Admin tab.
    await end(next.runId, LEASE_MS + 4);
  });

  it('lets a trigger whose transaction waited join the run that started after it arrived, even once it has ended', async () => {
    // Two triggers at once: the one that arrived second started the run, which planned, ran and ended while the
    // transaction of the one that arrived first was still being retried.
    const quick = await start(at(LEASE_MS + 11));
    expect(quick.joined).toBe(false);
    await end(quick.runId, LEASE_MS + 12);
    expect(await start(at(LEASE_MS + 10))).toEqual({ runId: quick.runId, joined: true });

    // A trigger that arrives after that run started starts a new one: the work may have changed since it planned.
    const after = await start(at(LEASE_MS + 13));
    expect(after).toMatchObject({ joined: false });
    expect(after.runId).not.toBe(quick.runId);
    await end(after.runId, LEASE_MS + 14);
  });
});
