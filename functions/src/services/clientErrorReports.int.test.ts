import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { firestoreRateLimiter } from '../adapters/firestore/rateLimits';
import { log } from '../adapters/logging/log';
import { DEFAULT_RATE_LIMITS } from '../domain/rateLimit';
import { reportClientError } from './clientErrorReports';

/** The same error reported by several browsers at the same moment, counted in the Firestore emulator. */
describe('reportClientError', () => {
  const { db } = adminSdk();
  afterEach(() => vi.restoreAllMocks());

  it('logs an error reported by several browsers at the same moment once, as the first of its window', async () => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const limiter = firestoreRateLimiter(db, DEFAULT_RATE_LIMITS);
    // Counters of this test's own: the ceiling of every caller together is not shared with other tests.
    const rateLimiter = {
      enforce: (key: string, action: Parameters<typeof limiter.enforce>[1]) =>
        limiter.enforce(`race-${stamp}-${key}`, action),
    };
    const errors = vi.spyOn(log, 'error');
    const report = { kind: 'render' as const, message: `at once ${stamp}`, path: '/wallet', release: 'test' };
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        reportClientError({ db, rateLimiter }, { browser: `browser-${i}`, edge: `edge-${i}` }, report),
      ),
    );
    const mine = errors.mock.calls.filter(([, error]) => String(error).includes(stamp));
    expect(mine).toHaveLength(1);
    expect(mine[0]![2]).toMatchObject({ count: 1, source: 'web' });
  });
});
