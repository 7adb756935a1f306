import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../domain/clock';
import { AppError } from '../domain/errors';
import { DEFAULT_RATE_LIMITS, providerBusyMessage } from '../domain/rateLimit';
import { db } from '../adapters/firestore/db';
import { BudgetedProvider } from '../adapters/market-data/budget';
import { CachedMarketData } from '../adapters/market-data/cache';
import { DemoMarketData } from '../adapters/market-data/demo';
import { setCaller } from './auth';
import { attributeMarketDataCalls } from './attributeMarketDataCalls';
import { firestoreProviderBudget } from '../adapters/firestore/providerBudget';
import { firestoreRateLimiter } from '../adapters/firestore/rateLimits';

/**
 * The market data provider's budget against the Firestore emulator: a user's share (429) and everyone's (503), and
 * the cache serving what it has once either is used up.
 */

/** A clock the test moves by whole minutes, so cached quotes go stale. */
function movableClock(day: string): Clock & { advanceMinutes(minutes: number): void } {
  let instant = Date.parse(`${day}T20:00:00.000Z`);
  return {
    now: () => new Date(instant),
    today: () => day,
    advanceMinutes: (minutes) => {
      instant += minutes * 60_000;
    },
  };
}

/** Counters of their own: each test counts in windows of a minute that no other test or run uses. */
const isolatedNow = () => {
  const start = Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 1e7) * 60_000;
  return () => start;
};

/**
 * Each test on its own market day and stocks: cached quotes of another day are neither fresh nor, from a later
 * day, stale enough to serve, so no test finds another's in the cache.
 */
function setup({ day, perUser, everyone }: { day: string; perUser: number; everyone: number | null }) {
  const now = isolatedNow();
  const limiter = firestoreRateLimiter(
    db(),
    { ...DEFAULT_RATE_LIMITS, 'marketData.fetch': { limit: perUser, windowMs: 60_000 } },
    now,
  );
  const budget = firestoreProviderBudget(
    db(),
    limiter,
    everyone === null ? null : { limit: everyone, windowMs: 60_000 },
    now,
  );
  const clock = movableClock(day);
  const cache = new CachedMarketData(new BudgetedProvider(new DemoMarketData(clock), budget), db(), clock);
  return { cache, clock };
}

/** Runs `work` as a request of user `uid` would, behind the API's middleware. */
function asUser<T>(uid: string, work: () => Promise<T>): Promise<T> {
  const req = {} as Request;
  setCaller(req, { uid, email: null, displayName: null, photoURL: null, isAdmin: false });
  return new Promise<T>((resolve, reject) => {
    attributeMarketDataCalls(req, {} as Response, () => {
      work().then(resolve, reject);
    });
  });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the market data provider budget', () => {
  it("refuses a user's provider calls past their share with 429, serving cached and stale quotes all along", async () => {
    const { cache, clock } = setup({ day: '2024-03-15', perUser: 2, everyone: null });
    const uid = `budget-user-${Math.random()}`;
    await asUser(uid, () => cache.quote('AAPL'));
    const msft = await asUser(uid, () => cache.quote('MSFT'));
    const refused = await failure(asUser(uid, () => cache.quote('AMZN')));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: 'rate_limited' });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // A fresh quote costs nothing; a stale one is served rather than refused.
    expect(await asUser(uid, () => cache.quote('MSFT'))).toEqual(msft);
    clock.advanceMinutes(2);
    expect(await asUser(uid, () => cache.quote('MSFT'))).toEqual(msft);
    // Another user has their own share.
    await asUser(`other-${uid}`, () => cache.quote('AMZN'));
  });

  it("refuses everyone's calls past the shared budget with 503 and Retry-After, unless something is cached", async () => {
    const { cache, clock } = setup({ day: '2024-03-18', perUser: 100, everyone: 2 });
    const nflx = await cache.quote('NFLX');
    await asUser(`budget-a-${Math.random()}`, () => cache.quote('ADBE'));
    const refused = await failure(asUser(`budget-b-${Math.random()}`, () => cache.quote('INTC')));
    expect(refused).toMatchObject({ kind: 'upstream_unavailable' });
    const seconds = (refused as AppError).retryAfterSeconds!;
    expect((refused as AppError).message).toBe(providerBusyMessage(seconds));

    clock.advanceMinutes(5);
    expect(await cache.quote('NFLX')).toEqual(nflx);
  });
});
