import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideRateLimit,
  DEFAULT_RATE_LIMITS,
  rateLimitWindow,
  retryAfterSeconds,
  type RateLimit,
  type RateLimitDecision,
} from './rateLimit';

const rateLimit = fc.record({ limit: fc.integer({ min: 1, max: 12 }), windowMs: fc.integer({ min: 1, max: 5_000 }) });
/** Request times in ms, in order, often bunched (gaps of 0) so that limits are actually reached. */
const requestTimes = fc
  .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 6_000 })), {
    maxLength: 80,
  })
  .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 1_000_003) + gap], []));

/** The counters as the adapter keeps them: requests let through, per fixed window. */
class Counters {
  private readonly admitted = new Map<number, number>();
  constructor(private readonly limit: RateLimit) {}

  /** The decision for a request at `at`, without counting it. */
  decide(at: number): RateLimitDecision {
    const { index, elapsedMs } = rateLimitWindow(at, this.limit.windowMs);
    const counts = { current: (this.admitted.get(index) ?? 0) + 1, previous: this.admitted.get(index - 1) ?? 0 };
    return decideRateLimit(counts, elapsedMs, this.limit);
  }

  request(at: number): RateLimitDecision {
    const decision = this.decide(at);
    if (decision.allowed) {
      const { index } = rateLimitWindow(at, this.limit.windowMs);
      this.admitted.set(index, (this.admitted.get(index) ?? 0) + 1);
    }
    return decision;
  }
}

function replay(times: number[], limit: RateLimit) {
  const counters = new Counters(limit);
  const admitted: number[] = [];
  const refused: { at: number; retryAfterMs: number }[] = [];
  for (const at of times) {
    const decision = counters.request(at);
    if (decision.allowed) admitted.push(at);
    else refused.push({ at, retryAfterMs: decision.retryAfterMs });
  }
  return { counters, admitted, refused };
}

const countIn = (times: number[], from: number, to: number) => times.filter((t) => t >= from && t < to).length;

describe('decideRateLimit: a sliding window counter', () => {
  it('never lets more than `limit` requests through in one fixed window', () => {
    fc.assert(
      fc.property(requestTimes, rateLimit, (times, limit) => {
        const { admitted } = replay(times, limit);
        for (const at of admitted) {
          const start = rateLimitWindow(at, limit.windowMs).index * limit.windowMs;
          expect(countIn(admitted, start, start + limit.windowMs)).toBeLessThanOrEqual(limit.limit);
        }
      }),
    );
  });

  it('never lets twice the limit through in any window of `windowMs`, even across a window boundary', () => {
    fc.assert(
      fc.property(requestTimes, rateLimit, (times, limit) => {
        const { admitted } = replay(times, limit);
        for (const at of admitted) {
          expect(countIn(admitted, at - limit.windowMs + 1, at + 1)).toBeLessThan(2 * limit.limit);
        }
      }),
    );
  });

  it('lets the first `limit` requests of a quiet user through at once', () => {
    fc.assert(
      fc.property(rateLimit, fc.integer({ min: 0, max: 10_000_000 }), (limit, at) => {
        const { admitted, refused } = replay(
          Array.from({ length: limit.limit + 1 }, () => at),
          limit,
        );
        expect(admitted).toHaveLength(limit.limit);
        expect(refused).toHaveLength(1);
      }),
    );
  });

  it('says exactly when to retry: not a millisecond earlier, and then it is let through', () => {
    fc.assert(
      fc.property(requestTimes, rateLimit, (times, limit) => {
        const counters = new Counters(limit);
        for (const at of times) {
          const decision = counters.request(at);
          if (decision.allowed) continue;
          expect(decision.retryAfterMs).toBeGreaterThan(0);
          expect(decision.retryAfterMs).toBeLessThanOrEqual(2 * limit.windowMs);
          expect(counters.decide(at + decision.retryAfterMs).allowed).toBe(true);
          expect(counters.decide(at + decision.retryAfterMs - 1).allowed).toBe(false);
        }
      }),
    );
  });

  it('weighs the previous window by how much of it still overlaps the last minute', () => {
    const limit = { limit: 10, windowMs: 60_000 };
    // 10 requests last minute; 15 s into this one, 3/4 of them still count: 7.5 + 1 is within 10.
    expect(decideRateLimit({ current: 1, previous: 10 }, 15_000, limit)).toEqual({ allowed: true });
    // With 2 more this minute it is 10.5: wait until 10 * (60 - e) / 60 + 3 <= 10, at e = 18 s.
    expect(decideRateLimit({ current: 3, previous: 10 }, 15_000, limit)).toEqual({
      allowed: false,
      retryAfterMs: 3_000,
    });
    // The limit reached in this window: wait for the next one, where these 10 weigh like the previous ones did.
    expect(decideRateLimit({ current: 11, previous: 0 }, 15_000, limit)).toEqual({
      allowed: false,
      retryAfterMs: 51_000,
    });
  });
});

describe('retryAfterSeconds and the message', () => {
  it('rounds up to whole seconds, at least 1, so that a client waiting that long is let through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), (ms) => {
        const seconds = retryAfterSeconds(ms);
        expect(Number.isInteger(seconds)).toBe(true);
        expect(seconds * 1000).toBeGreaterThanOrEqual(ms);
        expect(seconds * 1000 - ms).toBeLessThan(1000);
      }),
    );
    expect(retryAfterSeconds(1)).toBe(1);
  });

  it('has limits generous enough for a person: 20 generates, 30 new back-tests, 10 top-ups and credits, 120 searches and 20 provider calls a minute', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      'predictions.generate': { limit: 20, windowMs: 60_000 },
      'predictions.backtest': { limit: 30, windowMs: 60_000 },
      'payments.createIntent': { limit: 10, windowMs: 60_000 },
      'payments.addFunds': { limit: 10, windowMs: 60_000 },
      'stocks.search': { limit: 120, windowMs: 60_000 },
      'marketData.fetch': { limit: 20, windowMs: 60_000 },
      'clientErrors.report': { limit: 10, windowMs: 60_000 },
      'clientErrors.edge': { limit: 30, windowMs: 60_000 },
      'clientErrors.all': { limit: 60, windowMs: 60_000 },
    });
  });
});
