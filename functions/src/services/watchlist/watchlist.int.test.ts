import { afterAll, describe, expect, it } from 'vitest';
import {
  notOnWatchlistMessage,
  Watchlist,
  WATCHLIST_FULL_MESSAGE,
  WATCHLIST_LIMIT,
  WatchlistSymbols,
} from '@stockseer/contract';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { fixedClock, fixedClockAt } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { COLLECTIONS } from '../../adapters/firestore/db';
import { forecastOfTheDayRef } from '../../adapters/firestore/forecastsOfTheDay';
import { setWatchAlert, starStock, unstarStock, watchAlertOn } from '../../adapters/firestore/watchlist';
import { forecastStep } from '../maintenance/forecasts';
import { countingModelPool } from '../../../test/models.testkit';
import { payments } from '../../../test/payments.testkit';
import { push } from '../../../test/push.testkit';
import { defaultModels } from '../../adapters/firestore/settings';
import { watchlistFor } from './list';

/**
 * The watchlist (docs/product.md#watchlist) through the emulators: its limit over HTTP, and daily maintenance
 * preparing each watched stock once for all its watchers, which the Watchlist panel then reads. Every test removes its
 * stars, so that later files' maintenance plans hold no stock of this one, and stars stocks no other test reads (the
 * bar cache of a stock read at other pinned dates may hold a stretch that ends before this file's).
 */
const { db } = adminSdk();
const star = (token: string, symbol: string) => apiCall('/api/watchlist/star', { token, body: { symbol } });
const unstar = (token: string, symbol: string) => apiCall('/api/watchlist/unstar', { token, body: { symbol } });
const watchers = async (symbol: string) =>
  (await db.collection(COLLECTIONS.watchedStocks).doc(symbol).get()).get('watchers') as number | undefined;

describe('watchlist limits', () => {
  it(`stars at most ${WATCHLIST_LIMIT} stocks: the next is a 409 with a message, a star already there stays a 200`, async () => {
    const user = await newTestUser('watch-limit');
    // The first 49 written as a star would write them (a list of `WATCHLIST_LIMIT` priced symbols is not at hand).
    const filler = Array.from({ length: WATCHLIST_LIMIT - 1 }, (_, i) => `ZZ${i}`);
    await db
      .collection(COLLECTIONS.watchlists)
      .doc(user.uid)
      .set({ userId: user.uid, entries: filler.map((symbol) => ({ symbol, addedAt: new Date().toISOString() })) });

    const fiftieth = await star(user.token, 'cost');
    expect(fiftieth.status).toBe(200);
    expect(WatchlistSymbols.parse(fiftieth.body).symbols).toEqual([...filler, 'COST']);
    const full = await star(user.token, 'SBUX');
    expect(full).toEqual({ status: 409, body: { message: WATCHLIST_FULL_MESSAGE } });
    expect((await star(user.token, 'COST')).status).toBe(200);
    expect(await watchers('SBUX')).toBeUndefined();

    // Room again after an unstar.
    expect((await unstar(user.token, 'ZZ0')).status).toBe(200);
    expect((await star(user.token, 'SBUX')).status).toBe(200);
    for (const symbol of ['COST', 'SBUX']) await unstarStock(db, user.uid, symbol);
    await db.collection(COLLECTIONS.watchlists).doc(user.uid).delete();
    expect([await watchers('COST'), await watchers('SBUX')]).toEqual([undefined, undefined]);
  });

  it('refuses what is not a priced symbol: 400 for a malformed one, 404 for one the market data does not know', async () => {
    const user = await newTestUser('watch-bad');
    const malformed = await star(user.token, 'not a symbol!');
    expect(malformed.status).toBe(400);
    expect(typeof (malformed.body as { message?: unknown }).message).toBe('string');
    const unknown = await star(user.token, 'NOPEX');
    expect(unknown.status).toBe(404);
    expect(typeof (unknown.body as { message?: unknown }).message).toBe('string');
    expect((await apiCall('/api/watchlist/star', { token: user.token, body: {} })).status).toBe(400);
    expect(Watchlist.parse((await apiCall('/api/watchlist', { token: user.token })).body).rows).toEqual([]);
    // An alert only on a starred stock, at a whole percent from 1 to 99.
    const alert = (body: unknown) => apiCall('/api/watchlist/alert', { token: user.token, body });
    expect(await alert({ symbol: 'COST', atLeastPercent: 50 })).toEqual({
      status: 404,
      body: { message: notOnWatchlistMessage('COST') },
    });
    for (const atLeastPercent of [0, 100, 50.5, '50']) {
      expect((await alert({ symbol: 'COST', atLeastPercent })).status).toBe(400);
    }
  });

  it('counts each stock once however many users star it, and forgets it when the last one unstars', async () => {
    const [a, b] = [`watch-count-a-${Date.now()}`, `watch-count-b-${Date.now()}`];
    const before = (await watchers('XOM')) ?? 0;
    await starStock(db, a, 'XOM', new Date());
    await starStock(db, a, 'XOM', new Date());
    await starStock(db, b, 'XOM', new Date());
    expect(await watchers('XOM')).toBe(before + 2);
    await unstarStock(db, a, 'XOM');
    await unstarStock(db, a, 'XOM');
    expect(await watchers('XOM')).toBe(before + 1);
    await unstarStock(db, b, 'XOM');
    expect(await watchers('XOM')).toBe(before === 0 ? undefined : before);
  });
});

describe('watched stocks in daily maintenance', () => {
  /** A Tuesday of 2019 no other test prepares forecasts of; the clock stands after its close. */
  const RUN_DAY = '2019-06-18';
  const clock = fixedClock(RUN_DAY);
  const { models, fits, resetFits } = countingModelPool(2);
  const ctx = {
    payments,
    push,
    db,
    clock,
    marketData: createMarketDataService({ db, clock }),
    models,
    runId: 'watchlist-test',
    finalAttempt: false,
  };
  const callerOf = (uid: string) => ({ uid, email: null, displayName: null, photoURL: null, isAdmin: false });
  const users = [`watcher-1-${Date.now()}`, `watcher-2-${Date.now()}`];
  afterAll(async () => {
    await models.close();
    await Promise.all(users.map((uid) => unstarStock(db, uid, 'COP')));
    await Promise.all(users.map((uid) => db.collection(COLLECTIONS.watchAlerts).doc(`${uid}_COP_${RUN_DAY}`).delete()));
    const defaults = await defaultModels(db);
    await Promise.all(
      (['short', 'medium', 'long'] as const).map((timeFrame) =>
        forecastOfTheDayRef(db, {
          symbol: 'COP',
          modelId: defaults[timeFrame],
          timeFrame,
          predictionDate: RUN_DAY,
        }).delete(),
      ),
    );
  });

  it("prepares the default model of each time frame once per watched stock, and the panel reads today's chances", async () => {
    for (const uid of users) await starStock(db, uid, 'COP', new Date());
    // One alert any chance reaches, one none does.
    await setWatchAlert(db, users[0]!, 'COP', 1);
    await setWatchAlert(db, users[1]!, 'COP', 99);
    const panelBefore = await watchlistFor(ctx, callerOf(users[0]!));
    expect(panelBefore.rows).toEqual([
      expect.objectContaining({
        symbol: 'COP',
        lastCloseDate: RUN_DAY,
        chances: { short: null, medium: null, long: null },
      }),
    ]);

    const planned = (await forecastStep.plan(ctx)).flatMap((shard) => shard.input.stocks);
    const cop = planned.filter((s) => s.symbol === 'COP');
    const defaults = await defaultModels(db);
    expect(cop).toHaveLength(1);
    expect(cop[0]!.forecasts).toEqual(
      expect.arrayContaining(
        (['short', 'medium', 'long'] as const).map((t) => ({ modelId: defaults[t], timeFrame: t })),
      ),
    );

    resetFits();
    await forecastStep.run(ctx, { stocks: cop });
    expect(fits()).toBe(cop[0]!.forecasts.length);
    const panel = await watchlistFor(ctx, callerOf(users[1]!));
    const row = panel.rows[0]!;
    expect(row.lastClose).toBeGreaterThan(0);
    expect(row.dayChange).toBeCloseTo(row.lastClose! * (row.dayChangeFraction! / (1 + row.dayChangeFraction!)), 6);
    for (const timeFrame of ['short', 'medium', 'long'] as const) {
      expect(row.chances[timeFrame]).toMatchObject({ modelId: defaults[timeFrame] });
      expect(row.chances[timeFrame]!.hitProbability).toBeGreaterThan(0);
    }

    // The alerts, checked once the 7-day forecast was ready: the 1% one fired with its chance, the 99% one did not.
    const sevenDay = row.chances.short!.hitProbability;
    expect(sevenDay).toBeLessThan(0.99);
    expect(row).toMatchObject({ alertAtLeastPercent: 99, alertedChance: null });
    const first = (await watchlistFor(ctx, callerOf(users[0]!))).rows[0]!;
    expect(first).toMatchObject({ alertAtLeastPercent: 1, alertedChance: sevenDay });
    // A retried shard writes it once: the first write stays.
    const key = { userId: users[0]!, symbol: 'COP', predictionDate: RUN_DAY };
    const alertDoc = () => db.collection(COLLECTIONS.watchAlerts).doc(`${users[0]}_COP_${RUN_DAY}`).get();
    const written = (await alertDoc()).get('createdAt') as string;
    await forecastStep.run({ ...ctx, clock: fixedClockAt(RUN_DAY, new Date(`${RUN_DAY}T23:00:00Z`)) }, { stocks: cop });
    expect((await alertDoc()).get('createdAt')).toBe(written);
    expect(await watchAlertOn(db, key)).toBe(sevenDay);
    expect(await watchAlertOn(db, { ...key, userId: users[1]! })).toBeNull();
  });
});
