import { describe, expect, it } from 'vitest';
import { bestWithinBound, climbOn, parseLevels, withinBound, type LevelRun } from './search';

const run = (concurrency: number, requestsPerSecond: number, p99Ms: number, errors = 0): LevelRun => ({
  concurrency,
  requestsPerSecond,
  p99Ms,
  errors,
});

describe('the highest throughput within the p99 bound', () => {
  it('is the fastest level whose p99 is at most the bound, the bound itself included', () => {
    const runs = [run(1, 50, 40), run(4, 180, 300), run(8, 210, 1_000), run(16, 230, 1_400)];
    expect(bestWithinBound(runs)).toEqual(run(8, 210, 1_000));
  });

  it('leaves out a level with errors, however fast', () => {
    expect(bestWithinBound([run(1, 50, 40), run(4, 400, 90, 3)])).toEqual(run(1, 50, 40));
  });

  it('keeps the earlier level when a higher one is slower (a saturated instance)', () => {
    expect(bestWithinBound([run(8, 300, 200), run(16, 280, 500)])?.concurrency).toBe(8);
  });

  it('is none when no level stays within the bound', () => {
    expect(bestWithinBound([run(1, 5, 1_200)])).toBeUndefined();
    expect(bestWithinBound([])).toBeUndefined();
  });

  it('takes the bound it is given', () => {
    expect(withinBound(run(1, 5, 300), 250)).toBe(false);
    expect(bestWithinBound([run(1, 5, 200), run(4, 9, 300)], 250)?.concurrency).toBe(1);
  });
});

describe('climbing the levels', () => {
  it('starts, and goes on while the last level kept the bound', () => {
    expect(climbOn([])).toBe(true);
    expect(climbOn([run(1, 50, 40), run(4, 180, 999)])).toBe(true);
  });

  it('stops after a level past the bound or with errors', () => {
    expect(climbOn([run(1, 50, 40), run(4, 180, 1_001)])).toBe(false);
    expect(climbOn([run(1, 50, 40, 1)])).toBe(false);
  });
});

describe('--concurrency', () => {
  it('is whole positive numbers, each once, lowest first', () => {
    expect(parseLevels('8, 1,4,8')).toEqual([1, 4, 8]);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '0', '1,x', '2.5', '-4']) expect(() => parseLevels(bad)).toThrow(/--concurrency/);
  });
});
