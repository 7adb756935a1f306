import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../functions/src/domain/seededRandom';
import { pooledChange } from './pooledLatency';

/** `rounds` rounds of `count` response times each, log-normal around 100 ms, each round slowed by its own factor. */
function rounds(seed: number, count: number, roundCount = 30, scale = 1): number[][] {
  const uniform = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return Array.from({ length: roundCount }, () => {
    const slowness = Math.exp(0.2 * normal());
    return Array.from({ length: count }, () => scale * slowness * 100 * Math.exp(0.5 * normal()));
  });
}

describe('pooled latency change', () => {
  it('pools every response of every round per side', () => {
    const result = pooledChange(
      {
        base: [
          [1, 2],
          [3, 4, 5],
        ],
        head: [
          [2, 4],
          [6, 8, 10],
        ],
      },
      0.5,
      10,
    );
    expect(result.base).toBe(3);
    expect(result.head).toBe(6);
    expect(result.change).toBeCloseTo(1);
  });

  it('finds no change between two samples of the same law, with an interval around 0', () => {
    const result = pooledChange({ base: rounds(1, 90), head: rounds(2, 90) }, 0.99, 300);
    expect(result.low).toBeLessThan(0);
    expect(result.high).toBeGreaterThan(0);
    expect(result.low).toBeLessThanOrEqual(result.change);
    expect(result.high).toBeGreaterThanOrEqual(result.change);
  });

  it('finds a head slower by 30% at p99, its interval clear of 0', () => {
    const base = rounds(1, 90);
    const scaled = pooledChange({ base, head: base.map((round) => round.map((ms) => ms * 1.3)) }, 0.99, 300);
    expect(scaled.change).toBeCloseTo(0.3);
    const noisy = pooledChange({ base, head: rounds(2, 90, 30, 1.3) }, 0.99, 300);
    expect(noisy.change).toBeGreaterThan(0.1);
    expect(noisy.low).toBeGreaterThan(0);
  });

  it("keeps a round's two sides together, so the machine's slowness of a round cancels out", () => {
    // Rounds 3 times slower or faster than each other, both sides alike: resampled apart, the change would span
    // -70% to +270%; paired, about 10 points.
    const uniform = mulberry32(5);
    const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
    const slowness = Array.from({ length: 30 }, () => Math.exp(0.6 * normal()));
    const draw = () => slowness.map((f) => Array.from({ length: 90 }, () => f * 100 * Math.exp(0.3 * normal())));
    const result = pooledChange({ base: draw(), head: draw() }, 0.99, 300);
    expect(result.high - result.low).toBeLessThan(0.3);
  });

  it('leaves out a round where a side had no answer', () => {
    const result = pooledChange({ base: [[1, 2], [], [3]], head: [[2, 4], [5], [6]] }, 0.5, 10);
    expect([result.base, result.head]).toEqual([2, 4]);
    expect(() => pooledChange({ base: [[], [1]], head: [[1], []] }, 0.5)).toThrow(/a round with answers/);
  });

  it('is the same from the same seed and refuses sides of different rounds', () => {
    const input = { base: rounds(1, 20), head: rounds(2, 20) };
    expect(pooledChange(input, 0.99, 200, 7)).toEqual(pooledChange(input, 0.99, 200, 7));
    expect(() => pooledChange({ base: rounds(1, 5), head: rounds(2, 5, 29) }, 0.99)).toThrow(/same rounds/);
    expect(() => pooledChange({ base: [], head: [] }, 0.99)).toThrow(/a round with answers/);
  });
});
