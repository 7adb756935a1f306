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
});
export type WatchlistRow = z.infer<typeof WatchlistRow>;

/** `GET /api/watchlist`: the caller's starred stocks, in the order they were starred. */
export const Watchlist = z.object({ rows: z.array(WatchlistRow) });
export type Watchlist = z.infer<typeof Watchlist>;
