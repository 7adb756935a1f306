/**
 * The forecast a generate would store, and its chance of a hit: computed once per stock, model, time frame and
 * last close, then shared by the cost preview and by generate (the fit is deterministic and holds no personal data).
 * Daily maintenance prepares the ones asked the day before (services/maintenance/forecasts.ts).
 */
import { TIME_FRAME_DAYS, type DailyBar, type TimeFrame } from '@stockseer/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { assertInvariant } from '../../domain/errors';
import { forecastWindowStart } from '../../domain/market-data/service';
import type { ForecastModelId } from '../../domain/models/types';
import { forecastOdds } from '../../domain/predictions/records';
import type { ModelPool } from '../../adapters/model-pool/pool';
import {
  findForecastOfTheDay,
  saveForecastOfTheDay,
  type ForecastKey,
  type ForecastOfTheDay,
  type StoredForecastOfTheDay,
} from '../../adapters/firestore/forecastsOfTheDay';

/** Who asks: a user's request (a cost preview or a generate), or daily maintenance preparing the next session. */
type Asker = 'request' | 'maintenance';

export interface ForecastSelection {
  symbol: string;
  modelId: ForecastModelId;
  timeFrame: TimeFrame;
}

/**
 * The forecast a request or maintenance gets, and what it leaves to store: a new fit, or a prepared forecast now
 * asked by a request. Null when the stored forecast stays as it is.
 */
export interface ForecastOutcome {
  forecast: ForecastOfTheDay;
  toStore: StoredForecastOfTheDay | null;
}

/**
 * `bars`: the stock's closes up to today, oldest first; the last one is the origin. `asker`: a user's request (a
 * preview or a generate), or daily maintenance preparing it; a request that reads a prepared forecast marks it asked.
 */
export async function forecastOfTheDay(
  deps: { db: Firestore; models: ModelPool },
  selection: ForecastSelection,
  allBars: readonly DailyBar[],
  asker: Asker = 'request',
): Promise<ForecastOfTheDay> {
  const origin = allBars.at(-1);
  assertInvariant(origin, 'a forecast needs at least one bar');
  const stored = await findForecastOfTheDay(deps.db, { ...selection, predictionDate: origin.date });
  const { forecast, toStore } = await forecastOrFit(deps, selection, allBars, stored, asker);
  if (toStore) await saveForecastOfTheDay(deps.db, toStore);
  return forecast;
}

/**
 * The same, from a forecast the caller has already read (`stored`: undefined when there is none), leaving the write
 * to the caller: a generate makes it in the transaction that stores its prediction and moves its money. A request
 * fits only when `stored` is undefined, so it is admitted by its rate limit before this call in that case only.
 */
export async function forecastOrFit(
  deps: { models: ModelPool },
  selection: ForecastSelection,
  allBars: readonly DailyBar[],
  stored: StoredForecastOfTheDay | undefined,
  asker: Asker = 'request',
): Promise<ForecastOutcome> {
  const origin = allBars.at(-1);
  assertInvariant(origin, 'a forecast needs at least one bar');
  const key = { ...selection, predictionDate: origin.date };
  if (stored) {
    assertInvariant(
      sameForecastKey(stored.forecast, key),
      () => `a stored forecast of ${JSON.stringify(stored.forecast)} was offered for ${JSON.stringify(key)}`,
    );
    const nowAsked = !stored.asked && asker === 'request';
    return { forecast: stored.forecast, toStore: nowAsked ? { forecast: stored.forecast, asked: true } : null };
  }

  const windowStart = forecastWindowStart(origin.date);
  const bars = allBars.filter((bar) => bar.date >= windowStart);

  const forecast = await deps.models.forecast(selection.modelId, {
    closes: bars.map((b) => b.close),
    highs: bars.map((b) => b.high),
    lows: bars.map((b) => b.low),
    horizon: TIME_FRAME_DAYS[selection.timeFrame],
  });
  const hitProbability = forecastOdds(forecast, {
    priceAtPrediction: origin.close,
    predictionDate: origin.date,
    timeFrame: selection.timeFrame,
    bars,
  });
  const result: ForecastOfTheDay = {
    ...key,
    modelName: forecast.modelName,
    targetPrice: forecast.targetPrice,
    lowerPrice: forecast.lowerPrice,
    upperPrice: forecast.upperPrice,
    hitProbability,
  };
  return { forecast: result, toStore: { forecast: result, asked: asker === 'request' } };
}

const sameForecastKey = (a: ForecastKey, b: ForecastKey) =>
  a.symbol === b.symbol &&
  a.modelId === b.modelId &&
  a.timeFrame === b.timeFrame &&
  a.predictionDate === b.predictionDate;
