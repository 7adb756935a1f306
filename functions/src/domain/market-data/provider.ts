import type { DailyBar, MarketDataSource, StockDetails, StockSearchResult } from '@stockseer/contract';

/** A quote is what the stock card shows: the latest price with its change, day range and as-of time. */
export type Quote = StockDetails;

/**
 * Where prices come from (Massive/Polygon in production, CSV files or a simulation locally). Implementations
 * never return data after the clock's today, so that a pinned clock can replay history.
 */
export interface MarketDataProvider {
  readonly source: MarketDataSource;
  /** Stocks whose symbol or name matches the query, best match first. */
  search(query: string): Promise<StockSearchResult[]>;
  /** The latest quote; throws notFound for a symbol the provider does not know. */
  quote(symbol: string): Promise<Quote>;
  /** Split-adjusted daily bars with from <= date <= to, oldest first (empty when none fall in the range). */
  dailyBars(symbol: string, from: string, to: string): Promise<DailyBar[]>;
}
