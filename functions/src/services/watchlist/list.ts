/**
 * The Watchlist panel (docs/product.md#watchlist): each starred stock's last close and day change, from the bar
 * cache, and today's chance of a hit of each time frame's default model, read from the forecasts of the day that
 * daily maintenance prepares for watched stocks. Nothing is fitted here: a forecast not prepared yet is null.
 */
import { TimeFrame, type DailyBar, type Watchlist, type WatchlistRow } from '@stockseer/contract';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import { findForecastsOfTheDay } from '../../adapters/firestore/forecastsOfTheDay';
import { defaultModels } from '../../adapters/firestore/settings';
import { watchAlertOn, watchlistEntries } from '../../adapters/firestore/watchlist';
import { barsOrNone } from '../../domain/market-data/barsOrNone';

/** Calendar days of bars that hold the last two closes, across a long weekend. */
const LAST_TWO_CLOSES_DAYS = 10;

export async function watchlistFor(
  deps: { db: Firestore; clock: Clock; marketData: MarketDataService },
  caller: Caller,
): Promise<Watchlist> {
  const { db, clock, marketData } = deps;
  const [entries, models] = await Promise.all([watchlistEntries(db, caller.uid), defaultModels(db)]);
  const lastCloses = await Promise.all(
    entries.map(async ({ symbol }) =>
      barsOrNone(() => marketData.barsUpTo(symbol, clock.today(), LAST_TWO_CLOSES_DAYS)),
    ),
  );
  // Every row's chances in one read: three forecasts of the day per stock that has a close.
  const keys = entries.flatMap(({ symbol }, i) => {
    const last = lastCloses[i]!.at(-1);
    return last
      ? TimeFrame.options.map((timeFrame) => ({
          symbol,
          modelId: models[timeFrame],
          timeFrame,
          predictionDate: last.date,
        }))
      : [];
  });
  const forecasts = await findForecastsOfTheDay(db, keys);
  let next = 0;
  const rows = entries.map((entry, i) => {
    const bars = lastCloses[i]!;
    const found = bars.length === 0 ? [] : forecasts.slice(next, (next += TimeFrame.options.length));
    return rowOf(db, caller.uid, entry, bars, found);
  });
  return { rows: await Promise.all(rows) };
}

async function rowOf(
  db: Firestore,
  userId: string,
  { symbol, alertAtLeastPercent }: Awaited<ReturnType<typeof watchlistEntries>>[number],
  bars: readonly DailyBar[],
  found: readonly Awaited<ReturnType<typeof findForecastsOfTheDay>>[number][],
): Promise<WatchlistRow> {
  const last = bars.at(-1);
  const before = bars.at(-2);
  if (!last) {
    const noPrice = { lastClose: null, lastCloseDate: null, dayChange: null, dayChangeFraction: null };
    const chances = { short: null, medium: null, long: null };
    return { symbol, ...noPrice, chances, alertAtLeastPercent, alertedChance: null };
  }
  const [short, medium, long] = found.map((stored) =>
    stored
      ? {
          modelId: stored.forecast.modelId,
          modelName: stored.forecast.modelName,
          hitProbability: stored.forecast.hitProbability,
        }
      : null,
  );
  return {
    symbol,
    lastClose: last.close,
    lastCloseDate: last.date,
    dayChange: before ? last.close - before.close : null,
    dayChangeFraction: before ? (last.close - before.close) / before.close : null,
    chances: { short: short!, medium: medium!, long: long! },
    alertAtLeastPercent,
    alertedChance:
      alertAtLeastPercent === null ? null : await watchAlertOn(db, { userId, symbol, predictionDate: last.date }),
  };
}
