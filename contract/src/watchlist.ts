import { z } from 'zod';
import { IsoDate } from './common';
import { ModelId } from './predictions';
import { Symbol } from './stocks';

/** Stars per user (docs/product.md#watchlist): daily maintenance prepares every watched stock's forecasts. */
export const WATCHLIST_LIMIT = 50;
/** The 409's message when a star would pass the limit. */
export const WATCHLIST_FULL_MESSAGE = `Your watchlist is full: ${WATCHLIST_LIMIT} stocks at most. Remove a star first.`;

/** `POST /api/watchlist/star` and `/unstar` body. */
export const WatchlistChange = z.object({ symbol: Symbol });
export type WatchlistChange = z.infer<typeof WatchlistChange>;

/**
 * `POST /api/watchlist/alert` body: tell me when the 7-day chance of the default model is at least `atLeastPercent`
 * (checked once per daily maintenance run); null turns the alert off. Only on a starred stock.
 */
export const WatchlistAlertChange = z.object({
  symbol: Symbol,
  atLeastPercent: z.number().int().min(1).max(99).nullable(),
});
export type WatchlistAlertChange = z.infer<typeof WatchlistAlertChange>;
/** The 404's message when the alert's stock is not starred. */
export const notOnWatchlistMessage = (symbol: string) => `${symbol} is not on your watchlist: star it first.`;

/** What starring or unstarring answers: the caller's starred symbols, in the order they were starred. */
export const WatchlistSymbols = z.object({ symbols: z.array(z.string()) });
export type WatchlistSymbols = z.infer<typeof WatchlistSymbols>;

/**
 * Today's chance of a hit of the default model of one time frame: the forecast daily maintenance prepared from the
 * last close. Null until one is prepared (a stock starred today gets its forecasts at the next daily run).
 */
export const WatchedChance = z
  .object({ modelId: ModelId, modelName: z.string(), hitProbability: z.number().min(0).max(1) })
  .nullable();
export type WatchedChance = z.infer<typeof WatchedChance>;

export const WatchlistRow = z.object({
  symbol: z.string(),
  /** Null when the market data has no close for it (a delisted stock stays listed until unstarred). */
  lastClose: z.number().positive().nullable(),
  lastCloseDate: IsoDate.nullable(),
  /** The last close minus the one before it, in dollars, and as a fraction of the one before. */
  dayChange: z.number().nullable(),
  dayChangeFraction: z.number().nullable(),
  chances: z.object({ short: WatchedChance, medium: WatchedChance, long: WatchedChance }),
  /** The alert's threshold on the 7-day chance, in percent; null when off. */
  alertAtLeastPercent: z.number().int().nullable(),
  /** Today's alert, when the last run found the 7-day chance at or past the threshold (the chance it found). */
  alertedChance: z.number().min(0).max(1).nullable(),
});
export type WatchlistRow = z.infer<typeof WatchlistRow>;

/** `GET /api/watchlist`: the caller's starred stocks, in the order they were starred. */
export const Watchlist = z.object({ rows: z.array(WatchlistRow) });
export type Watchlist = z.infer<typeof Watchlist>;
