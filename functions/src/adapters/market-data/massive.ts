import { z } from 'zod';
import type { DailyBar, StockSearchResult } from '@stockseer/contract';
import { addCalendarDays } from '../../domain/calendar';
import { newYorkDateOf, type Clock } from '../../domain/clock';
import { upstreamUnavailable } from '../../domain/errors';
import { assertValidBars } from '../../domain/market-data/bars';
import type { MarketDataProvider, Quote } from '../../domain/market-data/provider';
import { changeSince, quoteFromBars } from '../../domain/market-data/quote';
import { SEARCH_LIMIT } from '../../domain/market-data/search';
import { ensureOk, type MassiveClient } from './massive-client';

/** Massive names exchanges by ISO 10383 MIC; people know them by these names. */
const EXCHANGE_BY_MIC: Record<string, string> = {
  XNAS: 'NASDAQ',
  XNYS: 'NYSE',
  XASE: 'NYSE American',
  ARCX: 'NYSE Arca',
  BATS: 'Cboe BZX',
  IEXG: 'IEX',
};

const TickersResponse = z.object({
  results: z.array(z.object({ ticker: z.string(), name: z.string() })).optional(),
});
const TickerDetailsResponse = z.object({
  results: z.object({ ticker: z.string(), name: z.string(), primary_exchange: z.string().optional() }),
});
const Aggregate = z.object({
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number(),
  t: z.number(),
});
/** `results` is omitted (not empty) when no bar falls in the range. */
const AggregatesResponse = z.object({ results: z.array(Aggregate).optional() });
const Ohlc = z.object({ o: z.number(), h: z.number(), l: z.number(), c: z.number() });
const SnapshotResponse = z.object({
  ticker: z.object({
    ticker: z.string(),
    day: Ohlc,
    prevDay: Ohlc,
    lastTrade: z.object({ p: z.number() }).optional(),
    /** Nanoseconds since the epoch. */
    updated: z.number(),
  }),
});

/** Calendar days of bars a quote needs to find two sessions even after the longest market closure. */
const QUOTE_LOOKBACK_DAYS = 10;

/**
 * The Massive (formerly Polygon.io) provider. Live quotes come from the snapshot endpoint; on plans without it (the
 * free tier answers 403) and when the clock is pinned to the past, the quote is the last daily close instead.
 */
export class MassiveMarketData implements MarketDataProvider {
  readonly source = 'massive';
  /** Names and exchanges hardly ever change; remembering them saves a call per quote on a 5-calls-a-minute plan. */
  private readonly details = new Map<string, { name: string; exchange: string }>();
  private snapshotsAllowed = true;

  constructor(
    private readonly client: MassiveClient,
    private readonly clock: Clock,
  ) {}

  async search(query: string): Promise<StockSearchResult[]> {
    const body = await this.client.get(
      '/v3/reference/tickers',
      { search: query, market: 'stocks', active: 'true', limit: '20' },
      `No stock matches '${query}'`,
    );
    const results = parse(TickersResponse, body, 'ticker search').results ?? [];
    const needle = query.trim().toUpperCase();
    // Massive ranks by its own relevance; the exact symbol still belongs first.
    const exact = results.filter((result) => result.ticker === needle);
    return [...exact, ...results.filter((result) => result.ticker !== needle)]
      .slice(0, SEARCH_LIMIT)
      .map(({ ticker, name }) => ({ symbol: ticker, name }));
  }

  async quote(symbol: string): Promise<Quote> {
    const stock = { symbol, ...(await this.tickerDetails(symbol)) };
    if (this.snapshotsAllowed) {
      const quote = await this.snapshotQuote(stock);
      if (quote && newYorkDateOf(new Date(quote.asOf)) <= this.clock.today()) return quote;
    }
    const today = this.clock.today();
    const bars = await this.dailyBars(symbol, addCalendarDays(today, -QUOTE_LOOKBACK_DAYS), today);
    return quoteFromBars(stock, bars.slice(-2));
  }

  async dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]> {
    const last = to < this.clock.today() ? to : this.clock.today();
    if (from > last) return [];
    const body = await this.client.get(
      `/v2/aggs/ticker/${encodeURIComponent(symbol)}/range/1/day/${from}/${last}`,
      { adjusted: 'true', sort: 'asc', limit: '50000' },
      `Unknown symbol: ${symbol}`,
    );
    const bars = (parse(AggregatesResponse, body, 'daily bars').results ?? [])
      // `t` is the start of the session's day in New York.
      .map(({ o, h, l, c, v, t }) => ({
        date: newYorkDateOf(new Date(t)),
        open: o,
        high: h,
        low: l,
        close: c,
        volume: v,
      }))
      .filter((bar) => bar.date >= from && bar.date <= last);
    assertValidBars(symbol, bars);
    return bars;
  }

  private async tickerDetails(symbol: string): Promise<{ name: string; exchange: string }> {
    const known = this.details.get(symbol);
    if (known) return known;
    const body = await this.client.get(
      `/v3/reference/tickers/${encodeURIComponent(symbol)}`,
      {},
      `Unknown symbol: ${symbol}`,
    );
    const { name, primary_exchange: mic } = parse(TickerDetailsResponse, body, 'ticker details').results;
    const details = { name, exchange: (mic && EXCHANGE_BY_MIC[mic]) ?? mic ?? 'US' };
    this.details.set(symbol, details);
    return details;
  }

  /** The live quote, or undefined when the plan does not include snapshots. */
  private async snapshotQuote(stock: { symbol: string; name: string; exchange: string }): Promise<Quote | undefined> {
    const response = await this.client.request(
      `/v2/snapshot/locale/us/markets/stocks/tickers/${encodeURIComponent(stock.symbol)}`,
    );
    if (response.status === 403) {
      this.snapshotsAllowed = false;
      return undefined;
    }
    const body = ensureOk(response, `Unknown symbol: ${stock.symbol}`);
    const { day, prevDay, lastTrade, updated } = parse(SnapshotResponse, body, 'snapshot').ticker;
    // Before the open the day's fields are all zero: the latest price is then the last trade or previous close.
    const price = lastTrade?.p || day.c || prevDay.c;
    return {
      ...stock,
      price,
      ...changeSince(prevDay.c, price),
      open: day.o || price,
      previousClose: prevDay.c,
      dayLow: day.l || price,
      dayHigh: day.h || price,
      asOf: new Date(Math.floor(updated / 1e6)).toISOString(),
    };
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw upstreamUnavailable(`Market data provider sent an unexpected ${what} response.`);
  return result.data;
}
