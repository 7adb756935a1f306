/**
 * Seeded randomness for what must come out the same on every run: the demo provider's prices, the load bench's mix
 * of visits, the odds bench's origins, a benchmark's bootstrap. Not for anything secret.
 */

/** 32-bit FNV-1a of a text's code points: a stable number for a symbol. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193);
  return hash >>> 0;
}

/** mulberry32: uniform draws in [0, 1) from a 32-bit seed, small and fast; the same seed gives the same draws. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
