import { describe, expect, it } from 'vitest';
import { fnv1a32, mulberry32 } from './seededRandom';

describe('seeded randomness', () => {
  it('gives the draws the demo prices and the load bench were made with before it was shared', () => {
    // Values of the two copies this module replaced (demo.ts seeded with the hash of AAPL; bench/load with seed 1):
    // a change here would move every demo price and the load bench's mix of visits.
    expect(fnv1a32('AAPL')).toBe(1489842955);
    const demo = mulberry32(fnv1a32('AAPL'));
    expect([demo(), demo(), demo()]).toEqual([0.913526565534994, 0.5468058104161173, 0.1504208343103528]);
    const load = mulberry32(1);
    expect([load(), load(), load()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('draws in [0, 1), near uniform, and again the same from the same seed', () => {
    const draws = Array.from({ length: 100_000 }, mulberry32(42));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const tenths = Array.from({ length: 10 }, (_, k) => draws.filter((x) => Math.floor(x * 10) === k).length);
    for (const count of tenths) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    expect(Array.from({ length: 5 }, mulberry32(42))).toEqual(draws.slice(0, 5));
    expect(Array.from({ length: 5 }, mulberry32(43))).not.toEqual(draws.slice(0, 5));
  });

  it('hashes texts apart, by code point', () => {
    expect(fnv1a32('MSFT')).not.toBe(fnv1a32('MSFU'));
    expect(fnv1a32('')).toBe(0x811c9dc5);
    // A character beyond 16 bits is one code point, not its first UTF-16 half.
    expect(fnv1a32('\u{1F600}')).not.toBe(fnv1a32('\uD83D'));
  });
});
