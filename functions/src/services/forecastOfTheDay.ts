/**
 * The forecast a generate would store, and its chance of a hit: computed once per stock, model, time frame and
 * last close, then shared by the cost preview and by generate (the fit is deterministic and holds no personal data).
 */
import { TIME_FRAME_DAYS, type DailyBar, type TimeFrame } from '@stockseer/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { assertInvariant } from '../domain/errors';
import type { ForecastModelId } from '../domain/models/types';
import { baselineOutcomes } from '../domain/odds/calibration';
import { forecastOdds } from '../domain/predictions/records';
import type { ModelPool } from '../adapters/model-pool/pool';
import {
  findForecastOfTheDay,
  saveForecastOfTheDay,
  type ForecastOfTheDay,
} from '../adapters/firestore/forecastsOfTheDay';

export interface ForecastSelection {
  symbol: string;
  modelId: ForecastModelId;
  timeFrame: TimeFrame;
}

/**
 * `bars`: the stock's closes up to today, oldest first; the last one is the origin. `admit` runs only when a model
 * has to be fitted (the rate limit counts new work only).
 */
export async function forecastOfTheDay(
  deps: { db: Firestore; models: ModelPool },
  selection: ForecastSelection,
  bars: readonly DailyBar[],
  admit: () => Promise<void>,
): Promise<ForecastOfTheDay> {
  const origin = bars.at(-1);
  assertInvariant(origin, 'a forecast needs at least one bar');
  const key = { ...selection, predictionDate: origin.date };
  const cached = await findForecastOfTheDay(deps.db, key);
  if (cached) return cached;
  await admit();

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
    outcomes: baselineOutcomes(bars, selection.timeFrame),
  });
  const result: ForecastOfTheDay = {
    ...key,
    modelName: forecast.modelName,
    targetPrice: forecast.targetPrice,
    lowerPrice: forecast.lowerPrice,
    upperPrice: forecast.upperPrice,
    hitProbability,
  };
  await saveForecastOfTheDay(deps.db, result);
  return result;
}
