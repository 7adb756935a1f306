import type { MarketDataSource } from '@stockseer/contract';

/**
 * Per-user abuse limits: about `limit` requests of one kind per `windowMs`, as a sliding window counter. Time is cut
 * into fixed windows; a request is let through when the requests counted in the current window, plus those of the
 * previous window weighted by how much of it still overlaps the last `windowMs`, stay within `limit`. So never more
 * than `limit` in one fixed window, no burst of twice the limit across a window boundary as a plain fixed window
 * allows, and the state is two counters (which Firestore can increment without reading them first).
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * The limited actions: the expensive or abusable ones (a model fit, a back-test not computed yet today, a Stripe
 * call, a market data search, any call to the market data provider that the cache could not spare, a web app error
 * report: per browser, per address the platform's front end received it from, and from everyone together).
 */
export const RATE_LIMITED_ACTIONS = [
  'predictions.generate',
  'predictions.backtest',
  'payments.createIntent',
  'payments.addFunds',
  'stocks.search',
  'marketData.fetch',
  'clientErrors.report',
  'clientErrors.edge',
  'clientErrors.all',
] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
export type RateLimits = Record<RateLimitedAction, RateLimit>;

/** Generous for real use (a person clicks Generate a few times a minute and types a search at 300 ms a key). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  'predictions.generate': { limit: 20, windowMs: 60_000 },
  // A back-test is about 20 model fits; a person looks at a few stocks x 3 timeframes x 4 models a minute at most.
  'predictions.backtest': { limit: 30, windowMs: 60_000 },
  'payments.createIntent': { limit: 10, windowMs: 60_000 },
  // The fast path of a top-up: one call per payment, a retry or two.
  'payments.addFunds': { limit: 10, windowMs: 60_000 },
  'stocks.search': { limit: 120, windowMs: 60_000 },
  // Provider calls made for one user: a stock they never looked at costs a quote and a year of bars.
  'marketData.fetch': { limit: 20, windowMs: 60_000 },
  // Error reports of the web app, per browser: a broken page reports a few (the app sends at most 5 a load).
  'clientErrors.report': { limit: 10, windowMs: 60_000 },
  // Per address the platform's front end received them from: a caller's own, or an edge of Firebase Hosting that
  // many browsers share, so a few browsers' worth; what one caller gets, whatever browser addresses it writes.
  'clientErrors.edge': { limit: 30, windowMs: 60_000 },
  // Error reports from every caller together: a ceiling that callers with many addresses cannot push the logs past.
  'clientErrors.all': { limit: 60, windowMs: 60_000 },
};

/**
 * Every user's calls to the market data provider together, per minute: Massive's free tier allows 5, and one user
 * must not be able to use them all. Unset for the local providers (files and a simulation cost nothing).
 */
export const DEFAULT_PROVIDER_BUDGET_PER_MINUTE: Record<MarketDataSource, number | null> = {
  massive: 5,
  csv: null,
  demo: null,
};

export function providerBusyMessage(seconds: number): string {
  return `Market data is busy: the provider's shared limit is used up. Try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The largest configurable limit: beyond it a "limit" protects nothing. */
export const MAX_RATE_LIMIT = 10_000;

/** The fixed window an instant (ms since the epoch) falls in: windows are aligned, so every instance agrees. */
export function rateLimitWindow(now: number, windowMs: number): { index: number; elapsedMs: number } {
  const index = Math.floor(now / windowMs);
  return { index, elapsedMs: now - index * windowMs };
}

/** Requests counted in the current window (this one included) and in the previous one. */
export interface WindowCounts {
  current: number;
  previous: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Whether `previous * (windowMs - elapsedMs) / windowMs + current <= limit`, in integers (multiplied out by
 * `windowMs`), so the answer and the retry time are exact.
 */
function withinLimit({ current, previous }: WindowCounts, elapsedMs: number, { limit, windowMs }: RateLimit) {
  return previous * (windowMs - elapsedMs) + current * windowMs <= limit * windowMs;
}

/**
 * Decides the request counted in `counts.current`. A refused request is not to be counted (the adapter takes its
 * count back), and `retryAfterMs` is when the same request would be let through if nobody sent another: later in
 * this window as the previous one's weight fades, or in the next one.
 */
export function decideRateLimit(counts: WindowCounts, elapsedMs: number, rateLimit: RateLimit): RateLimitDecision {
  if (withinLimit(counts, elapsedMs, rateLimit)) return { allowed: true };
  const { limit, windowMs } = rateLimit;
  const others = counts.current - 1;
  // Later in this window: the least elapsed time with previous * (W - e) <= (limit - others - 1) * W.
  const room = limit - others - 1;
  if (room >= 0 && counts.previous > 0) {
    const earliest = windowMs - Math.floor((room * windowMs) / counts.previous);
    if (earliest < windowMs) return { allowed: false, retryAfterMs: earliest - elapsedMs };
  }
  // In the next window, where this window's requests are the previous ones: others * (W - e) <= (limit - 1) * W.
  const earliestNext = others === 0 ? 0 : Math.max(0, windowMs - Math.floor(((limit - 1) * windowMs) / others));
  return { allowed: false, retryAfterMs: windowMs - elapsedMs + earliestNext };
}

/** Whole seconds for the Retry-After header and the message: rounded up, so a client that waits is let through. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** Counts one request of an action against a user's limit; refuses it with 429 and Retry-After when over. */
export interface RateLimiter {
  enforce(userId: string, action: RateLimitedAction): Promise<void>;
}
