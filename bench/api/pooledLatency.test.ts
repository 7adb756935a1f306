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
    const head = base.map((round) => round.map((ms) => ms * 1.3));
    const result = pooledChange({ base, head }, 0.99, 300);
    expect(result.change).toBeCloseTo(0.3);
    expect(result.low).toBeCloseTo(0.3);
    expect(result.high).toBeCloseTo(0.3);
    const noisy = pooledChange({ base, head: rounds(2, 90, 30, 1.3) }, 0.99, 300);
    expect(noisy.low).toBeGreaterThan(0);
  });

  it('is the same from the same seed and refuses sides of different rounds', () => {
    const input = { base: rounds(1, 20), head: rounds(2, 20) };
    expect(pooledChange(input, 0.99, 200, 7)).toEqual(pooledChange(input, 0.99, 200, 7));
    expect(() => pooledChange({ base: rounds(1, 5), head: rounds(2, 5, 29) }, 0.99)).toThrow(/same rounds/);
    expect(() => pooledChange({ base: [], head: [] }, 0.99)).toThrow(/same rounds/);
  });
});
