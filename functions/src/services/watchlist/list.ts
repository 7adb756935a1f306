/**
 * The Watchlist panel (docs/product.md#watchlist): each starred stock's last close and day change, from the bar
 * cache, and today's chance of a hit of each time frame's default model, read from the forecasts of the day that
 * daily maintenance prepares for watched stocks. Nothing is fitted here: a forecast not prepared yet is null.
 */
import type { TimeFrame, Watchlist, WatchlistRow } from '@stockseer/contract';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { AppError } from '../../domain/errors';
import type { MarketDataService } from '../../domain/market-data/service';
import type { ForecastModelId } from '../../domain/models/types';
import { findForecastOfTheDay } from '../../adapters/firestore/forecastsOfTheDay';
import { watchAlertOn, watchlistEntries } from '../../adapters/firestore/watchlist';
import { concreteModel } from '../predictions/forecastRequest';

const TIME_FRAMES: readonly TimeFrame[] = ['short', 'medium', 'long'];
/** Calendar days of bars that hold the last two closes, across a long weekend. */
const LAST_TWO_CLOSES_DAYS = 10;

export async function watchlistFor(
  deps: { db: Firestore; clock: Clock; marketData: MarketDataService },
  caller: Caller,
): Promise<Watchlist> {
  const [entries, models] = await Promise.all([watchlistEntries(deps.db, caller.uid), defaultModels(deps.db)]);
  return { rows: await Promise.all(entries.map((entry) => rowOf(deps, caller.uid, entry, models))) };
}

/** The default model of each time frame (the admin's choice, else the built-in one). */
export async function defaultModels(db: Firestore): Promise<Record<TimeFrame, ForecastModelId>> {
  const [short, medium, long] = await Promise.all(TIME_FRAMES.map((t) => concreteModel(db, 'recommended', t)));
  return { short: short!, medium: medium!, long: long! };
}

async function rowOf(
  { db, clock, marketData }: { db: Firestore; clock: Clock; marketData: MarketDataService },
  userId: string,
  { symbol, alertAtLeastPercent }: { symbol: string; alertAtLeastPercent: number | null },
  models: Record<TimeFrame, ForecastModelId>,
): Promise<WatchlistRow> {
  const bars = await marketData.barsUpTo(symbol, clock.today(), LAST_TWO_CLOSES_DAYS).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return [];
    throw error;
  });
  const last = bars.at(-1);
  const before = bars.at(-2);
  if (!last) {
    const noPrice = { lastClose: null, lastCloseDate: null, dayChange: null, dayChangeFraction: null };
    const chances = { short: null, medium: null, long: null };
    return { symbol, ...noPrice, chances, alertAtLeastPercent, alertedChance: null };
  }
  const alertedChance =
    alertAtLeastPercent === null ? null : watchAlertOn(db, { userId, symbol, predictionDate: last.date });
  const chances = await Promise.all(
    TIME_FRAMES.map(async (timeFrame) => {
      const key = { symbol, modelId: models[timeFrame], timeFrame, predictionDate: last.date };
      const forecast = (await findForecastOfTheDay(db, key))?.forecast;
      return forecast
        ? { modelId: forecast.modelId, modelName: forecast.modelName, hitProbability: forecast.hitProbability }
        : null;
    }),
  );
  return {
    symbol,
    lastClose: last.close,
    lastCloseDate: last.date,
    dayChange: before ? last.close - before.close : null,
    dayChangeFraction: before ? (last.close - before.close) / before.close : null,
    chances: { short: chances[0]!, medium: chances[1]!, long: chances[2]! },
    alertAtLeastPercent,
    alertedChance: await alertedChance,
  };
}
