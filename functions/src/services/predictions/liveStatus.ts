/**
 * The live status of every open prediction of the caller, in one answer (docs/product.md#live-status): their stock's
 * bars are read once per stock, through the market-data cache the generate that made them filled (no provider call
 * per prediction), and only up to the clock's today.
 */
import type { LiveStatus, Prediction } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { addCalendarDays, calendarDaysBetween } from '../../domain/calendar';
import type { Clock } from '../../domain/clock';
import { barsOrNone } from '../../domain/market-data/barsOrNone';
import type { MarketDataService } from '../../domain/market-data/service';
import { liveStatus } from '../../domain/predictions/liveStatus';
import { futurePredictionsOf } from '../../adapters/firestore/predictions';
import type { Firestore } from 'firebase-admin/firestore';

/** Calendar days of closes before a prediction date the odds read: a year of returns (ODDS_CLOSES) and a margin. */
const ODDS_HISTORY_DAYS = 380;

export async function liveStatusesFor(
  deps: { db: Firestore; clock: Clock; marketData: MarketDataService },
  caller: Caller,
): Promise<LiveStatus[]> {
  const open = (await futurePredictionsOf(deps.db, caller.uid)).filter((p) => p.status === 'active');
  const bySymbol = new Map<string, Prediction[]>();
  for (const p of open) bySymbol.set(p.symbol, [...(bySymbol.get(p.symbol) ?? []), p]);
  const today = deps.clock.today();
  const perStock = await Promise.all(
    [...bySymbol].map(async ([symbol, predictions]) => {
      const earliest = predictions.map((p) => p.predictionDate).sort()[0]!;
      const from = addCalendarDays(earliest, -ODDS_HISTORY_DAYS);
      const bars = await barsOrNone(() =>
        deps.marketData.barsUpTo(symbol, today, Math.max(1, calendarDaysBetween(from, today))),
      );
      return predictions.map((p) => liveStatus(p, bars, today));
    }),
  );
  return perStock.flat().filter((status): status is LiveStatus => status !== undefined);
}
