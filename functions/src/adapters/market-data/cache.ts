import type { Firestore } from 'firebase-admin/firestore';
import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import { addCalendarDays, lastFinalClose } from '../../domain/calendar';
import type { Clock } from '../../domain/clock';
import { AppError } from '../../domain/errors';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';
import { COLLECTIONS } from '../firestore/db';
import { BarStore, type BarCoverage } from './bar-store';
import { countWork } from '../logging/requestContext';
import { takeRefreshLease } from './refreshLease';
import { SingleFlight } from './singleFlight';

/** Quotes move; a minute keeps a busy stock page to one provider call a minute (the free tier allows five). */
export const QUOTE_TTL_MS = 60_000;
/** Which stocks match a query hardly changes within a day. */
export const SEARCH_TTL_MS = 86_400_000;

/** A cached value is kept in use this long past its time to live while one caller refreshes it (refreshLease.ts). */
const STALE_WHILE_REFRESHING = 1;

interface TtlDoc<T> {
  value: T;
  fetchedAt: number;
  day: string;
}

interface Range {
  from: string;
  to: string;
}

/**
 * A provider decorator that keeps market data in Firestore. Daily bars are final once their session has closed, so
 * they are kept for good and only the missing head or tail is fetched; a request needs no provider call while the
 * cache holds the last final session. Quotes live a minute, searches a day. When the provider fails (rate limit,
 * outage) the last cached value is served instead, quotes with their own as-of time.
 * Concurrent misses of the same key share one provider call in an instance (`SingleFlight`); across instances, a
 * value just past its time to live is served while the one caller holding the refresh lease fetches the new one.
 */
export class CachedMarketData implements MarketDataProvider {
  private readonly bars: BarStore;
  private readonly flights = new SingleFlight();

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {
    this.bars = new BarStore(db);
  }

  get source() {
    return this.inner.source;
  }

  async search(query: string): Promise<StockSearchResult[]> {
    const id = this.key(encodeURIComponent(query.trim().toLowerCase()));
    return this.throughTtlDoc(COLLECTIONS.marketSearch, id, SEARCH_TTL_MS, () => this.inner.search(query));
  }

  async quote(symbol: string): Promise<Quote> {
    return this.throughTtlDoc(COLLECTIONS.marketQuotes, this.key(symbol), QUOTE_TTL_MS, () => this.inner.quote(symbol));
  }

  dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    return this.flights.run(`bars/${this.key(symbol)}/${from}/${to}`, () => this.readBars(symbol, from, to));
  }

  private async readBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    const today = this.clock.today();
    // Only final sessions are cached (a bar still trading would be kept forever), and none after today.
    const lastFinal = lastFinalClose(today, this.clock.now());
    const last = [to, today, lastFinal].sort()[0]!;
    if (from > last) return [];
    const key = this.key(symbol);
    // The asked years come with the coverage, in one read: when the cache holds them (the usual case), that is all.
    const asked = await this.bars.readWithCoverage(key, from.slice(0, 4), last.slice(0, 4));
    const coverage = joinableCoverage(asked.coverage, lastFinal);
    const missing = missingRanges(coverage, from, last, lastFinal);
    // Every year a fetched range touches is read too: it is written back whole, cached bars and fetched ones.
    const readFrom = [from, ...missing.map((range) => range.from)].sort()[0]!.slice(0, 4);
    const readTo = [last, ...missing.map((range) => range.to)].sort().at(-1)!.slice(0, 4);
    const onlyAsked = readFrom === from.slice(0, 4) && readTo === last.slice(0, 4);
    const cached = !coverage || onlyAsked ? asked.bars : await this.bars.read(key, readFrom, readTo);
    const inRange = (bars: readonly DailyBar[]) => bars.filter((bar) => bar.date >= from && bar.date <= last);
    if (missing.length === 0) return inRange(cached);

    let fetched: DailyBar[];
    try {
      fetched = (await Promise.all(missing.map((range) => this.inner.dailyBars(symbol, range.from, range.to)))).flat();
    } catch (error) {
      if (coverage && isOutage(error)) return inRange(cached);
      throw error;
    }
    const finalBars = fetched.filter((bar) => bar.date <= lastFinal);
    const merged = mergeBars(cached, finalBars);
    const touchedYears = new Set(finalBars.map((bar) => bar.date.slice(0, 4)));
    const newCoverage: BarCoverage = {
      coveredFrom: coverage && coverage.coveredFrom < from ? coverage.coveredFrom : from,
      // The newest bar may lie in a year not read here when a pinned clock went back in time. A new block ends at
      // the last final session: a year read may hold later bars of the block it replaces, with a gap before them.
      lastDate:
        [coverage?.lastDate, merged.filter((bar) => bar.date <= lastFinal).at(-1)?.date]
          .filter((date) => date != null)
          .sort()
          .at(-1) ?? null,
    };
    if (touchedYears.size > 0 || newCoverage.coveredFrom !== coverage?.coveredFrom) {
      await this.bars.write(
        key,
        merged.filter((bar) => touchedYears.has(bar.date.slice(0, 4))),
        newCoverage,
      );
    }
    return inRange(merged);
  }

  /** Cache keys name the provider, so demo prices never stand in for real ones after a switch. */
  private key(id: string): string {
    return `${this.inner.source}:${id}`;
  }

  private throughTtlDoc<T>(collection: string, id: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    return this.flights.run(`${collection}/${id}`, () => this.readThroughTtlDoc(collection, id, ttlMs, load));
  }

  private async readThroughTtlDoc<T>(
    collection: string,
    id: string,
    ttlMs: number,
    load: () => Promise<T>,
  ): Promise<T> {
    const ref = this.db.collection(collection).doc(id);
    const now = this.clock.now().getTime();
    const today = this.clock.today();
    const snap = await ref.get();
    const cached = snap.data() as TtlDoc<T> | undefined;
    // A value from another market day never counts as fresh: a pinned clock may have moved.
    const age = cached && cached.day === today && now >= cached.fetchedAt ? now - cached.fetchedAt : Infinity;
    if (age < ttlMs) return cached!.value;
    if (age < ttlMs * (1 + STALE_WHILE_REFRESHING) && !(await takeRefreshLease(snap, now))) return cached!.value;
    try {
      countWork('cacheRefreshes');
      const value = await load();
      await ref.set({ value, fetchedAt: now, day: today } satisfies TtlDoc<T>);
      return value;
    } catch (error) {
      // A stale value is better than none during an outage, but never one from after a pinned today.
      if (cached && cached.day <= today && isOutage(error)) return cached.value;
      throw error;
    }
  }
}

/**
 * The cached block of bars if what can be fetched now joins it, else none. A block is one unbroken run of sessions,
 * [coveredFrom, lastDate]; when a pinned clock goes back to before it starts, the sessions between the last final
 * one and the block are in that clock's future and cannot be fetched, so the head fetched now could not be joined to
 * it: a new block starts (the bars cached stay, and are merged again when a later clock fetches the tail).
 */
function joinableCoverage(coverage: BarCoverage | undefined, lastFinal: string): BarCoverage | undefined {
  return coverage && coverage.coveredFrom <= addCalendarDays(lastFinal, 1) ? coverage : undefined;
}

/**
 * The ranges to ask the provider for so that the cache covers [from, last]: the head before the covered range,
 * and the tail from the newest bar through the last final session (fetched whole, so that the next request finds
 * the cache fresh).
 */
export function missingRanges(
  coverage: BarCoverage | undefined,
  from: string,
  last: string,
  lastFinal: string,
): Range[] {
  if (!coverage) return [{ from, to: lastFinal }];
  const ranges: Range[] = [];
  if (from < coverage.coveredFrom) ranges.push({ from, to: addCalendarDays(coverage.coveredFrom, -1) });
  const newest = coverage.lastDate;
  if (!newest || (newest < last && newest < lastFinal)) {
    ranges.push({ from: newest ? addCalendarDays(newest, 1) : coverage.coveredFrom, to: lastFinal });
  }
  return ranges;
}

/** Bars of both lists by date, the fetched bar winning (a provider may have corrected a day). */
function mergeBars(cached: readonly DailyBar[], fetched: readonly DailyBar[]): DailyBar[] {
  const byDate = new Map(cached.map((bar) => [bar.date, bar]));
  for (const bar of fetched) byDate.set(bar.date, bar);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Failures of the provider's availability (not of the request itself) are the ones a stale value may cover. */
function isOutage(error: unknown): boolean {
  return error instanceof AppError && (error.kind === 'rate_limited' || error.kind === 'upstream_unavailable');
}
