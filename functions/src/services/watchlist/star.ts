/** Starring and unstarring a stock, and a star's alert (docs/product.md#watchlist). */
import type { WatchlistAlertChange, WatchlistSymbols } from '@stockseer/contract';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import { setWatchAlert, starStock, unstarStock } from '../../adapters/firestore/watchlist';

/** Days of bars that prove a stock is priced: a week and a long weekend, read through the bar cache. */
const PRICED_WITHIN_DAYS = 10;

/**
 * Stars a stock the market data prices (an unknown one is a 404: maintenance would prepare nothing for it); a
 * star already there changes nothing; past the limit, a 409.
 */
export async function star(
  deps: { db: Firestore; clock: Clock; marketData: MarketDataService },
  caller: Caller,
  symbol: string,
): Promise<WatchlistSymbols> {
  await deps.marketData.barsUpTo(symbol, deps.clock.today(), PRICED_WITHIN_DAYS);
  return { symbols: await starStock(deps.db, caller.uid, symbol, deps.clock.now()) };
}

export async function unstar(deps: { db: Firestore }, caller: Caller, symbol: string): Promise<WatchlistSymbols> {
  return { symbols: await unstarStock(deps.db, caller.uid, symbol) };
}

/** Sets or turns off the alert on the 7-day chance of a starred stock; a stock not starred is a 404. */
export async function setAlert(deps: { db: Firestore }, caller: Caller, change: WatchlistAlertChange): Promise<void> {
  await setWatchAlert(deps.db, caller.uid, change.symbol, change.atLeastPercent);
}
