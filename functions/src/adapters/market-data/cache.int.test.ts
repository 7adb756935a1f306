import type { DocumentReference } from 'firebase-admin/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { rateLimited } from '../../domain/errors';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';
import { MarketDataService } from '../../domain/market-data/service';
import { COLLECTIONS, db } from '../firestore/db';
import { CachedMarketData } from './cache';
import { DemoMarketData } from './demo';

/** A clock the test moves: the market day and the instant within it. */
class TestClock implements Clock {
  private instant = new Date();
  private day = '';
  constructor(day: string, instant = `${day}T21:00:00.000Z`) {
    this.set(day, instant);
  }
  set(day: string, instant = `${day}T21:00:00.000Z`) {
    this.day = day;
    this.instant = new Date(instant);
  }
  today = () => this.day;
  now = () => this.instant;
}

/**
 * The real demo provider, counting the calls that reach it; `outage` makes it fail like a rate-limited API, and
 * `hold` keeps its calls waiting until the test lets them through.
 */
class CountingProvider implements MarketDataProvider {
  readonly source = 'demo';
  calls = { search: 0, quote: 0, dailyBars: [] as string[] };
  outage = false;
  hold: Promise<void> = Promise.resolve();
  constructor(private readonly real: MarketDataProvider) {}
  search(query: string): Promise<StockSearchResult[]> {
    this.calls.search += 1;
    return this.guard(() => this.real.search(query));
  }
  quote(symbol: string): Promise<Quote> {
    this.calls.quote += 1;
    return this.guard(() => this.real.quote(symbol));
  }
  dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    this.calls.dailyBars.push(`${symbol} ${from}..${to}`);
    return this.guard(() => this.real.dailyBars(symbol, from, to));
  }
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    await this.hold;
    if (this.outage) throw rateLimited('Rate limit exceeded: test outage');
    return call();
  }
}

function setup(day: string, instant?: string) {
  const clock = new TestClock(day, instant);
  const real = new DemoMarketData(clock);
  const counting = new CountingProvider(real);
  return { clock, real, counting, cache: new CachedMarketData(counting, db(), clock) };
}

async function clearMarketCollections() {
  for (const name of [COLLECTIONS.marketBars, COLLECTIONS.marketQuotes, COLLECTIONS.marketSearch]) {
    await db().recursiveDelete(db().collection(name));
  }
}

beforeEach(clearMarketCollections);
afterAll(clearMarketCollections);

describe('CachedMarketData: daily bars', () => {
  it('fetches once, then serves the same bars with no provider call while the cache is fresh', async () => {
    const { real, counting, cache } = setup('2021-04-21');
    const first = await cache.dailyBars('AAPL', '2016-01-01', '2021-04-21');
    expect(counting.calls.dailyBars).toEqual(['AAPL 2016-01-01..2021-04-21']);
    expect(first).toEqual(await real.dailyBars('AAPL', '2016-01-01', '2021-04-21'));

    expect(await cache.dailyBars('AAPL', '2016-01-01', '2021-04-21')).toEqual(first);
    expect(await cache.dailyBars('AAPL', '2020-01-01', '2020-12-31')).toEqual(
      first.filter((bar) => bar.date >= '2020-01-01' && bar.date <= '2020-12-31'),
    );
    expect(counting.calls.dailyBars).toHaveLength(1);
  });

  it('keeps more than ten years in year documents far below the 1 MiB limit', async () => {
    const { counting, cache } = setup('2025-12-31');
    const bars = await cache.dailyBars('MSFT', '2015-01-02', '2025-12-31');
    expect(bars.length).toBeGreaterThan(2700);
    const years = await db().collection(COLLECTIONS.marketBars).doc('demo:MSFT').collection('years').get();
    expect(years.docs.map((doc) => doc.id)).toEqual([
      '2015',
      '2016',
      '2017',
      '2018',
      '2019',
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
    ]);
    for (const doc of years.docs) expect(JSON.stringify(doc.data()).length).toBeLessThan(40_000);
    expect(await cache.dailyBars('MSFT', '2015-01-02', '2025-12-31')).toEqual(bars);
    expect(counting.calls.dailyBars).toHaveLength(1);
  });

  it('still reads a year cached in the earlier layout (six parallel arrays), and writes it anew when extended', async () => {
    const { clock, real, counting, cache } = setup('2021-04-21');
    const bars2021 = await real.dailyBars('IBM', '2021-01-01', '2021-04-21');
    const symbolDoc = db().collection(COLLECTIONS.marketBars).doc('demo:IBM');
    await symbolDoc.set({ coveredFrom: '2021-01-01', lastDate: bars2021.at(-1)!.date });
    await symbolDoc
      .collection('years')
      .doc('2021')
      .set({
        dates: bars2021.map((bar) => bar.date),
        open: bars2021.map((bar) => bar.open),
        high: bars2021.map((bar) => bar.high),
        low: bars2021.map((bar) => bar.low),
        close: bars2021.map((bar) => bar.close),
        volume: bars2021.map((bar) => bar.volume),
      });
    expect(await cache.dailyBars('IBM', '2021-01-01', '2021-04-21')).toEqual(bars2021);
    expect(counting.calls.dailyBars).toEqual([]);

    clock.set('2021-04-28');
    const extended = await cache.dailyBars('IBM', '2021-01-01', '2021-04-28');
    expect(extended).toEqual(await real.dailyBars('IBM', '2021-01-01', '2021-04-28'));
    expect(Object.keys((await symbolDoc.collection('years').doc('2021').get()).data()!)).toEqual(['rows']);
    expect(await cache.dailyBars('IBM', '2021-01-01', '2021-04-28')).toEqual(extended);
  });

  it('extends the cache by the missing tail only when new sessions have closed', async () => {
    const { clock, real, counting, cache } = setup('2021-04-21');
    await cache.dailyBars('KO', '2020-01-01', '2021-04-21');
    clock.set('2021-04-28');
    const bars = await cache.dailyBars('KO', '2020-01-01', '2021-04-28');
    expect(counting.calls.dailyBars).toEqual(['KO 2020-01-01..2021-04-21', 'KO 2021-04-22..2021-04-28']);
    expect(bars).toEqual(await real.dailyBars('KO', '2020-01-01', '2021-04-28'));
    await cache.dailyBars('KO', '2020-06-01', '2021-04-28');
    expect(counting.calls.dailyBars).toHaveLength(2);
  });

  it('extends the head when older history is asked for', async () => {
    const { real, counting, cache } = setup('2021-04-21');
    await cache.dailyBars('KO', '2020-01-01', '2021-04-21');
    const bars = await cache.dailyBars('KO', '2018-01-01', '2021-04-21');
    expect(counting.calls.dailyBars).toEqual(['KO 2020-01-01..2021-04-21', 'KO 2018-01-01..2019-12-31']);
    expect(bars).toEqual(await real.dailyBars('KO', '2018-01-01', '2021-04-21'));
  });

  it('keeps the older bars of a year when a later clock extends the tail from a later year (issue 13)', async () => {
    // The time machine at mid-2025, then the real clock reading only recent bars: the tail fetched starts in 2025,
    // and the year 2025 must be written with the bars already cached before that tail.
    const { clock, real, cache } = setup('2025-06-13');
    await cache.dailyBars('KO', '2025-01-02', '2025-06-13');
    clock.set('2026-11-20');
    await cache.dailyBars('KO', '2026-08-03', '2026-11-20');
    clock.set('2025-03-14');
    expect(await cache.dailyBars('KO', '2025-02-26', '2025-03-03')).toEqual(
      await real.dailyBars('KO', '2025-02-26', '2025-03-03'),
    );
  });

  it('starts a new block when a pinned clock goes back before all it has cached, and joins them again later', async () => {
    // The real clock reads the last year; the time machine then asks five years at 2024-05-01 and moves two weeks on:
    // the head fetched at 2024-05-01 ends there, so the cache may not claim the sessions up to the later block.
    const { clock, real, cache } = setup('2026-11-20');
    await cache.dailyBars('KO', '2025-11-20', '2026-11-20');
    clock.set('2024-05-01');
    expect(await cache.dailyBars('KO', '2019-05-01', '2024-05-01')).toEqual(
      await real.dailyBars('KO', '2019-05-01', '2024-05-01'),
    );
    clock.set('2024-05-15');
    expect(await cache.dailyBars('KO', '2019-05-15', '2024-05-15')).toEqual(
      await real.dailyBars('KO', '2019-05-15', '2024-05-15'),
    );
    clock.set('2026-11-20');
    expect(await cache.dailyBars('KO', '2023-01-03', '2026-11-20')).toEqual(
      await real.dailyBars('KO', '2023-01-03', '2026-11-20'),
    );
  });

  it("does not cache today's session before the close, and fetches just that day after it", async () => {
    const { clock, counting, cache } = setup('2021-04-21', '2021-04-21T15:00:00.000Z');
    expect((await cache.dailyBars('PEP', '2021-01-01', '2021-04-21')).at(-1)!.date).toBe('2021-04-20');
    clock.set('2021-04-21', '2021-04-21T20:30:00.000Z');
    expect((await cache.dailyBars('PEP', '2021-01-01', '2021-04-21')).at(-1)!.date).toBe('2021-04-21');
    expect(counting.calls.dailyBars).toEqual(['PEP 2021-01-01..2021-04-20', 'PEP 2021-04-21..2021-04-21']);
  });

  it('needs no call on a weekend or holiday after the last session is cached', async () => {
    const { clock, counting, cache } = setup('2021-04-01');
    await cache.dailyBars('PEP', '2021-01-01', '2021-04-01');
    clock.set('2021-04-02'); // Good Friday
    await cache.dailyBars('PEP', '2021-01-01', '2021-04-02');
    clock.set('2021-04-04'); // Sunday
    await cache.dailyBars('PEP', '2021-01-01', '2021-04-04');
    expect(counting.calls.dailyBars).toHaveLength(1);
  });

  it('returns nothing after a pinned today even when later bars are cached', async () => {
    const { clock, counting, cache } = setup('2021-04-28');
    await cache.dailyBars('KO', '2021-01-01', '2021-04-28');
    clock.set('2021-03-01');
    expect((await cache.dailyBars('KO', '2021-01-01', '2021-12-31')).at(-1)!.date).toBe('2021-03-01');
    expect(counting.calls.dailyBars).toHaveLength(1);
  });

  it('serves the stale bars during an outage, and rethrows when nothing is cached', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const cached = await cache.dailyBars('KO', '2021-01-01', '2021-04-21');
    clock.set('2021-04-28');
    counting.outage = true;
    expect(await cache.dailyBars('KO', '2021-01-01', '2021-04-28')).toEqual(cached);
    await expect(cache.dailyBars('PEP', '2021-01-01', '2021-04-28')).rejects.toMatchObject({ kind: 'rate_limited' });
  });
});

describe('CachedMarketData: quotes and search', () => {
  it('keeps a quote for 60 s, then asks again', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const quote = await cache.quote('AAPL');
    clock.set('2021-04-21', '2021-04-21T21:00:59.000Z');
    expect(await cache.quote('AAPL')).toEqual(quote);
    expect(counting.calls.quote).toBe(1);
    clock.set('2021-04-21', '2021-04-21T21:01:01.000Z');
    await cache.quote('AAPL');
    expect(counting.calls.quote).toBe(2);
  });

  it('serves the stale quote with its own as-of time during an outage', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const quote = await cache.quote('AAPL');
    clock.set('2021-04-22');
    counting.outage = true;
    expect(await cache.quote('AAPL')).toEqual(quote);
    expect(quote.asOf).toBe('2021-04-21T20:00:00.000Z');
    await expect(cache.quote('MSFT')).rejects.toMatchObject({
      kind: 'rate_limited',
      message: expect.stringContaining('Rate limit exceeded'),
    });
  });

  it('lets an unknown symbol fail every time instead of caching the failure', async () => {
    const { counting, cache } = setup('2021-04-21');
    await expect(cache.quote('NOPE')).rejects.toMatchObject({ kind: 'not_found', message: 'Unknown symbol: NOPE' });
    await expect(cache.quote('NOPE')).rejects.toMatchObject({ kind: 'not_found' });
    expect(counting.calls.quote).toBe(2);
  });

  it('keeps search results for a day, whatever the case and spacing of the query', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const results = await cache.search('apple');
    expect(results[0]).toEqual({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect(await cache.search(' Apple')).toEqual(results);
    expect(counting.calls.search).toBe(1);
    clock.set('2021-04-22');
    await cache.search('apple');
    expect(counting.calls.search).toBe(2);
  });
});

describe('CachedMarketData: concurrent misses (single flight)', () => {
  it('gives concurrent misses of one quote, and of one range of bars, a single provider call', async () => {
    const { counting, cache } = setup('2021-04-21');
    const quotes = await Promise.all(Array.from({ length: 8 }, () => cache.quote('AAPL')));
    expect(counting.calls.quote).toBe(1);
    expect(new Set(quotes.map((q) => JSON.stringify(q))).size).toBe(1);

    const bars = await Promise.all(
      Array.from({ length: 5 }, () => cache.dailyBars('MSFT', '2020-01-01', '2021-04-21')),
    );
    expect(counting.calls.dailyBars).toEqual(['MSFT 2020-01-01..2021-04-21']);
    expect(bars.every((b) => b.length === bars[0]!.length && b.length > 300)).toBe(true);
  });

  it('across instances: a read that starts before another instance writes a stock still gets all its bars', async () => {
    const { clock, real, counting, cache } = setup('2021-04-21');
    // The other instance's reads of a stock's coverage wait at a gate: its years could be read before this
    // instance's write and its coverage after it. The coverage and the years are one read, so they wait together
    // (a version that read them in two calls answered with no bars here).
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const isCoverage = (ref: DocumentReference) => ref.parent.id === COLLECTIONS.marketBars;
    const gated = new Proxy(db(), {
      get(target, property) {
        if (property === 'getAll') {
          return async (...refs: DocumentReference[]) => {
            if (refs.some(isCoverage)) await gate;
            return target.getAll(...refs);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const other = new CachedMarketData(counting, gated, clock);
    const expected = await real.dailyBars('NVDA', '2018-01-01', '2021-04-21');

    const racing = other.dailyBars('NVDA', '2018-01-01', '2021-04-21');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await cache.dailyBars('NVDA', '2018-01-01', '2021-04-21')).toEqual(expected);
    open();
    expect(await racing).toEqual(expected);
  });

  it('shares a failure with the concurrent callers and does not keep it: the next call asks again', async () => {
    const { counting, cache } = setup('2021-04-21');
    counting.outage = true;
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => cache.quote('MSFT')));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    expect(counting.calls.quote).toBe(1);

    counting.outage = false;
    expect((await cache.quote('MSFT')).symbol).toBe('MSFT');
    expect(counting.calls.quote).toBe(2);
  });

  it('across instances: one refreshes an expired quote, the others serve it meanwhile', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const other = new CachedMarketData(counting, db(), clock);
    const first = await cache.quote('AAPL');
    clock.set('2021-04-21', '2021-04-21T21:01:05.000Z');
    let release = () => {};
    counting.hold = new Promise((resolve) => (release = resolve));

    const refreshing = cache.quote('AAPL');
    await waitUntil(() => counting.calls.quote === 2);
    // The refresh is under way in the first instance: the second serves the expired quote with no provider call.
    expect(await other.quote('AAPL')).toEqual(first);
    expect(counting.calls.quote).toBe(2);

    release();
    const refreshed = await refreshing;
    expect(await other.quote('AAPL')).toEqual(refreshed);
    expect(counting.calls.quote).toBe(2);
  });

  it('does not serve a quote more than a minute past its expiry, even while another instance refreshes it', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const other = new CachedMarketData(counting, db(), clock);
    await cache.quote('AAPL');
    clock.set('2021-04-21', '2021-04-21T21:01:05.000Z');
    let release = () => {};
    counting.hold = new Promise((resolve) => (release = resolve));
    const refreshing = cache.quote('AAPL');
    await waitUntil(() => counting.calls.quote === 2);

    clock.set('2021-04-21', '2021-04-21T21:02:05.000Z');
    const own = other.quote('AAPL');
    await waitUntil(() => counting.calls.quote === 3);
    release();
    await Promise.all([refreshing, own]);
  });
});

/** Polls a condition the code under test makes true asynchronously (a provider call it has started). */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('MarketDataService over the cache', () => {
  it('answers details, price and a year of history with a single quote and a single bars call', async () => {
    const { clock, counting, cache } = setup('2021-04-21');
    const service = new MarketDataService(cache, clock);
    const details = await service.details('aapl');
    expect(await service.latestPrice('AAPL')).toEqual({ symbol: 'AAPL', price: details.price, asOf: details.asOf });
    const history = await service.history('AAPL');
    expect(history.points.at(-1)).toEqual({ date: '2021-04-21', close: details.price });
    await service.history('AAPL');
    await service.barsUpTo('AAPL', '2021-03-01', 200);
    expect(counting.calls).toMatchObject({ quote: 1, dailyBars: ['AAPL 2020-04-21..2021-04-21'] });
  });
});
