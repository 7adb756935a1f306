import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMPTY_MAINTENANCE_REPORT } from '@stockseer/contract';
import { addReports, packGroups, runStateAfter, runToJoin, shardId } from './runs';

describe('packGroups', () => {
  it('puts every group in exactly one shard, in order, and never over the limit unless one group alone is', () => {
    const groups = fc.uniqueArray(fc.record({ id: fc.uuid(), items: fc.integer({ min: 1, max: 600 }) }), {
      maxLength: 200,
      selector: (o) => o.id,
    });
    fc.assert(
      fc.property(groups, fc.integer({ min: 1, max: 500 }), (list, max) => {
        const shards = packGroups(list, max);
        expect(shards.flat()).toEqual(list.map((o) => o.id));
        const items = new Map(list.map((o) => [o.id, o.items]));
        for (const shard of shards) {
          const load = shard.reduce((n, id) => n + items.get(id)!, 0);
          expect(shard.length).toBeGreaterThan(0);
          if (load > max) expect(shard).toHaveLength(1);
        }
      }),
    );
  });

  it('fills a shard up to the limit before starting the next', () => {
    const groups = Array.from({ length: 50 }, (_, i) => ({ id: `w${i}`, items: 10 }));
    expect(packGroups(groups, 250).map((s) => s.length)).toEqual([25, 25]);
    expect(
      packGroups(
        [
          { id: 'big', items: 1000 },
          { id: 'small', items: 1 },
        ],
        250,
      ),
    ).toEqual([['big'], ['small']]);
  });
});

describe('the lease', () => {
  it('is held until it expires, and free when released or expired', () => {
    const started = 1_000;
    expect(runToJoin({ runId: 'r1', expiresAt: 2_000, startedAt: started }, 1_999)).toBe('r1');
    expect(runToJoin({ runId: 'r1', expiresAt: 2_000, startedAt: started }, 2_000)).toBeNull();
    expect(runToJoin({ runId: 'r1', expiresAt: 0, startedAt: started }, 1_500)).toBeNull();
    expect(runToJoin(undefined, 0)).toBeNull();
  });

  it('is joined by a trigger that arrived before its run started, even once the run has ended', () => {
    // The trigger's transaction waited on the other's and retried; meanwhile that run planned, ran and ended.
    expect(runToJoin({ runId: 'r2', expiresAt: 0, startedAt: 1_007 }, 1_000)).toBe('r2');
    expect(runToJoin({ runId: 'r2', expiresAt: 0, startedAt: 1_000 }, 1_000)).toBe('r2');
    expect(runToJoin({ runId: 'r2', expiresAt: 0, startedAt: 999 }, 1_000)).toBeNull();
  });
});

describe('a run', () => {
  it('is running until every shard of every step ended, then done, or failed when any shard gave up', () => {
    const step = (shardCount: number, shardsDone: number, shardsFailed = 0) => ({
      shardCount,
      shardsDone,
      shardsFailed,
    });
    expect(runStateAfter({ settle: step(2, 1), renew: step(1, 1) })).toBe('running');
    expect(runStateAfter({ settle: step(2, 2), renew: step(1, 1) })).toBe('done');
    expect(runStateAfter({ settle: step(2, 1, 1), renew: step(1, 1) })).toBe('failed');
    expect(runStateAfter({})).toBe('done');
  });

  it('adds shard reports field by field', () => {
    const first = { updatedCount: 3, failedCount: 1, preparedForecastsCount: 9 };
    const sum = addReports(addReports(EMPTY_MAINTENANCE_REPORT, first), { updatedCount: 2, preparedForecastsCount: 3 });
    expect(sum).toEqual({ ...EMPTY_MAINTENANCE_REPORT, updatedCount: 5, failedCount: 1, preparedForecastsCount: 12 });
  });

  it('names its shards so that a plan made again names the same ones, in order', () => {
    expect([shardId('settle', 0), shardId('settle', 12)]).toEqual(['settle-0000', 'settle-0012']);
  });
});
