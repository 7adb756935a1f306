import { describe, expect, it } from 'vitest';
import { forEachParallel, forEachParallelUntil } from './steps';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Work that records how many items are in flight at once. */
function tracked() {
  let inFlight = 0;
  let most = 0;
  const done: number[] = [];
  const work = async (item: number) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await tick();
    if (item % 10 === 7) {
      inFlight -= 1;
      throw new Error(`item ${item}`);
    }
    done.push(item);
    inFlight -= 1;
  };
  return { work, done, most: () => most };
}

describe("a shard's batches (the push summaries' sending)", () => {
  it('works every item, never more at once than allowed, and collects the failures instead of stopping', async () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const { work, done, most } = tracked();
    const failures = await forEachParallel(items, 8, work);
    expect(most()).toBe(8);
    expect(failures.map((f) => f.item).sort((a, b) => a - b)).toEqual(items.filter((i) => i % 10 === 7));
    expect(done).toHaveLength(90);
  });

  it('leaves the items not begun by the deadline to a later attempt, and works each other one once', async () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const { work, done, most } = tracked();
    // The clock passes the deadline once 40 items have begun.
    let begun = 0;
    const now = () => (begun < 40 ? 0 : 1);
    const { failures, left } = await forEachParallelUntil(
      items,
      5,
      1,
      (item) => {
        begun += 1;
        return work(item);
      },
      now,
    );
    expect(most()).toBeLessThanOrEqual(5);
    expect(left).toHaveLength(60);
    expect([...done, ...failures.map((f) => f.item), ...left].sort((a, b) => a - b)).toEqual(items);
    expect(new Set(left).size).toBe(60);
  });

  it('begins nothing once the budget is spent', async () => {
    const { work, done } = tracked();
    const { left } = await forEachParallelUntil([1, 2, 3], 2, 0, work, () => 5);
    expect(left).toEqual([1, 2, 3]);
    expect(done).toEqual([]);
  });
});
