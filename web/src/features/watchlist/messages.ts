import { TIME_FRAME_DAYS, type TimeFrame } from '@stockseer/contract';

/** The watchlist's texts (docs/product.md#watchlist), written once; the tests import the same constants. */
export const WATCHLIST_TEXT = {
  title: 'Watchlist',
  intro: "Today's chance of a hit of each time frame's recommended model, from the forecasts prepared each night.",
  empty: 'No stars yet. Star a stock from its card to follow it here.',
  loading: 'Loading watchlist...',
  failed: 'Failed to load the watchlist. Please try again.',
  star: (symbol: string) => `Add ${symbol} to watchlist`,
  unstar: (symbol: string) => `Remove ${symbol} from watchlist`,
  starShort: 'Watch',
  starredShort: 'Watching',
  starFailed: 'Watchlist not changed',
  starNeedsConnection: 'Needs a connection: stars change once you are back online.',
  open: (symbol: string) => `Show ${symbol}`,
  stock: 'Stock',
  lastClose: 'Last close',
  dayChange: 'Day change',
  chance: (timeFrame: TimeFrame) => `${TIME_FRAME_DAYS[timeFrame]}-day chance`,
  notPrepared: 'After tonight',
  notPreparedHint: 'Prepared at the next daily update',
  noPrice: 'No price',
} as const;
