import { describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { countOccurrence } from './rateLimits';

/** Occurrences counted in the Firestore emulator, under a key no other test uses. */
describe('countOccurrence', () => {
  const { db } = adminSdk();

  it('gives occurrences at the same moment each a place of its own: exactly one is the first', async () => {
    const key = `race-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const now = Date.now();
    const places = await Promise.all(
      Array.from({ length: 8 }, () => countOccurrence(db, { key, windowMs: 10 * 60_000, now })),
    );
    expect([...places].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The next window starts again from 1.
    expect(await countOccurrence(db, { key, windowMs: 10 * 60_000, now: now + 10 * 60_000 })).toBe(1);
  });
});
