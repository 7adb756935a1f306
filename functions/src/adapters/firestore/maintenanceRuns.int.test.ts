import { describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { LEASE_MS } from '../../domain/maintenance/runs';
import { findRun, recordPlan, startOrJoinRun } from './maintenanceRuns';

const { db } = adminSdk();
/** A market date of this file's own: the lease is per date. */
const TODAY = '2024-02-29';
const marketNow = new Date(`${TODAY}T21:00:00Z`);

describe('the maintenance lease', () => {
  it('lets overlapping triggers join the run in progress, and a trigger after its owner died start afresh', async () => {
    // Its clock runs in the past, so that the runs it leaves behind never sort above a real one on the Admin tab
    // (the latest runs are listed by their start time).
    const t0 = new Date(Date.now() - 2 * LEASE_MS - 60_000);
    const start = (wallNow: Date) => startOrJoinRun(db, { trigger: 'manual', today: TODAY, marketNow, wallNow });
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
    await recordPlan(db, {
      runId: late.runId,
      today: TODAY,
      shards: [],
      wallNow: new Date(t0.getTime() + LEASE_MS + 2),
    });
    expect(await findRun(db, late.runId)).toMatchObject({ state: 'done', shardCount: 0 });
    const next = await start(new Date(t0.getTime() + LEASE_MS + 3));
    expect(next.joined).toBe(false);
    // Ended too, so that no run of this test looks in progress on the Admin tab.
    await recordPlan(db, {
      runId: next.runId,
      today: TODAY,
      shards: [],
      wallNow: new Date(t0.getTime() + LEASE_MS + 4),
    });
  });
});
