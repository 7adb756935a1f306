import { z } from 'zod';
import { IsoDate, IsoDateTime } from './common';

/** 1 to 10 characters of A-Z, digits, '.' and '-' (e.g. BRK.B, BF-B). Lower case is accepted and upper-cased. */
export const Symbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9.-]{1,10}$/, 'symbol must be 1 to 10 characters of A-Z, 0-9, "." or "-"');

/** Path parameters of `/api/stocks/:symbol` and its sub-resources. */
export const StockSymbolParams = z.object({ symbol: Symbol });

/** The longest search query: longer than any symbol or company name, so a longer one can never match. */
export const SEARCH_QUERY_MAX_LENGTH = 50;

export const StockSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'search query must have at least 2 characters')
    .max(SEARCH_QUERY_MAX_LENGTH, 'search query is too long'),
});

export const StockSearchResult = z.object({ symbol: z.string(), name: z.string() });
export type StockSearchResult = z.infer<typeof StockSearchResult>;
export const StockSearchResponse = z.array(StockSearchResult);

/** One trading day, split-adjusted (prices comparable across splits). */
export const DailyBar = z.object({
  date: IsoDate,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type DailyBar = z.infer<typeof DailyBar>;

export const StockDetails = z.object({
  symbol: z.string(),
  name: z.string(),
  exchange: z.string(),
  price: z.number(),
  priceChange: z.number(),
  priceChangePercent: z.number(),
  open: z.number(),
  previousClose: z.number(),
  dayLow: z.number(),
  dayHigh: z.number(),
  /** When the quoted price was observed. */
  asOf: IsoDateTime,
});
export type StockDetails = z.infer<typeof StockDetails>;

export const LatestPrice = z.object({ symbol: z.string(), price: z.number(), asOf: IsoDateTime });
export type LatestPrice = z.infer<typeof LatestPrice>;

/** One close of the price chart. */
export const PricePoint = z.object({ date: IsoDate, close: z.number() });
export type PricePoint = z.infer<typeof PricePoint>;

/** Daily closes of one stock, oldest first, for the chart. */
export const PriceHistory = z.object({ symbol: z.string(), points: z.array(PricePoint) });
export type PriceHistory = z.infer<typeof PriceHistory>;

/** Where prices come from: the UI shows a visible "Demo market data" notice while `demo` is active. */
export const MarketDataSource = z.enum(['massive', 'csv', 'demo']);
export type MarketDataSource = z.infer<typeof MarketDataSource>;
export const MarketDataInfo = z.object({ provider: MarketDataSource });
export type MarketDataInfo = z.infer<typeof MarketDataInfo>;
