/**
 * Turns model output into the product's prediction records (pure). Future predictions get their target date on the NYSE
 * calendar and their hit range fixed at creation (docs/product.md#hit-rule); back-test points become resolved
 * historical predictions, and the naive forecast's hits on the same dates become the baseline shown beside the badge.
 */
import {
  TIME_FRAME_DAYS,
  type DailyBar,
  type ForecastTerms,
  type Prediction,
  type TimeFrame,
} from '@stockseer/contract';
import { addTradingDays } from '../calendar';
import { assertInvariant } from '../errors';
import type { Backtest, BacktestPoint } from '../models/backtest';
import type { Forecast } from '../models/types';
import { hitRange, resolveOutcome } from './hitRule';
import { calibratedHitProbability, ODDS_CLOSES, oddsFeatures } from '../odds/calibration';

export interface FuturePredictionInput {
  id: string;
  symbol: string;
  timeFrame: TimeFrame;
  /** The bars the model saw; the last one is the origin (no look-ahead). */
  bars: readonly DailyBar[];
  forecast: Forecast;
  /** The calibrated chance of a hit of this forecast (`forecastOdds`), fixed now. */
  hitProbability: number;
  owner: { userId: string; userEmail: string | null };
  now: Date;
}

/** A new prediction before its reservation: whether it is free is decided from the wallet, in the ledger commit. */
export type UnreservedPrediction = Omit<Prediction, 'isFree'>;

/**
 * The terms of a forecast made on the last of `bars`: its target date on the NYSE calendar and its hit range
 * (docs/product.md#hit-rule). One function for the preview and the prediction, so what a user reads before the click
 * is what is stored after it.
 */
export function forecastTerms(
  bars: readonly DailyBar[],
  forecast: Pick<Forecast, 'targetPrice' | 'lowerPrice' | 'upperPrice'>,
  timeFrame: TimeFrame,
): ForecastTerms {
  const origin = bars.at(-1);
  assertInvariant(origin, 'a forecast needs at least one bar');
  assertForecastSound(forecast);
  return {
    predictionDate: origin.date,
    priceAtPrediction: origin.close,
    targetDate: addTradingDays(origin.date, TIME_FRAME_DAYS[timeFrame]),
    targetPrice: forecast.targetPrice,
    lowerPrice: forecast.lowerPrice,
    upperPrice: forecast.upperPrice,
    ...hitRange(origin.close, forecast.targetPrice, timeFrame),
  };
}

export function futurePrediction(input: FuturePredictionInput): UnreservedPrediction {
  const { forecast, timeFrame } = input;
  return {
    id: input.id,
    symbol: input.symbol,
    modelId: forecast.modelId,
    modelName: forecast.modelName,
    timeFrame,
    predictionType: 'future',
    ...forecastTerms(input.bars, forecast, timeFrame),
    actualPrice: null,
    status: 'active',
    hitProbability: input.hitProbability,
    userId: input.owner.userId,
    userEmail: input.owner.userEmail,
    createdAt: input.now.toISOString(),
  };
}

/**
 * The calibrated chance of a hit of a forecast made on `predictionDate` (docs/product.md#chance-of-a-hit): the model's
 * own chance, recalibrated with the fitted parameters and the stock's closes up to that date. `bars` (oldest first)
 * may reach past the prediction date: no bar after it is read, so a price not yet known never moves the odds.
 */
export function forecastOdds(
  forecast: Pick<Forecast, 'modelId' | 'targetPrice' | 'lowerPrice' | 'upperPrice'>,
  { priceAtPrediction, predictionDate, timeFrame, bars }: OddsContext,
): number {
  return calibratedHitProbability(
    { ...forecast, ...hitRange(priceAtPrediction, forecast.targetPrice, timeFrame) },
    { modelId: forecast.modelId, timeFrame, predictionDate },
    oddsFeatures(closesUpTo(bars, predictionDate, ODDS_CLOSES)),
  );
}

export interface OddsContext {
  priceAtPrediction: number;
  predictionDate: string;
  timeFrame: TimeFrame;
  /** The stock's bars, oldest first; only those dated on or before `predictionDate` count. */
  bars: readonly Pick<DailyBar, 'date' | 'close'>[];
}

/** The last `count` closes of `bars` (oldest first) dated on or before `date`. */
export function closesUpTo(bars: readonly Pick<DailyBar, 'date' | 'close'>[], date: string, count: number): number[] {
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bars[mid]!.date <= date) low = mid + 1;
    else high = mid;
  }
  return bars.slice(Math.max(0, low - count), low).map((bar) => bar.close);
}

/**
 * Historical predictions are shared by all users; their ids name the back-test run, so a re-run overwrites. Each
 * gets the chance of a hit it would have had on its own prediction date, from the back-test's `bars` up to that date.
 */
export function historicalPredictions(
  backtest: Backtest,
  {
    symbol,
    timeFrame,
    runId,
    now,
    bars,
  }: { symbol: string; timeFrame: TimeFrame; runId: string; now: Date; bars: readonly DailyBar[] },
): Prediction[] {
  return backtest.points.map((point, index) => {
    assertForecastSound(point);
    const range = hitRange(point.priceAtPrediction, point.targetPrice, timeFrame);
    const hitProbability = forecastOdds({ ...point, modelId: backtest.modelId }, { ...point, timeFrame, bars });
    return {
      id: `${runId}_${index}`,
      symbol,
      modelId: backtest.modelId,
      modelName: backtest.modelName,
      timeFrame,
      predictionType: 'historical',
      predictionDate: point.predictionDate,
      priceAtPrediction: point.priceAtPrediction,
      targetDate: point.targetDate,
      targetPrice: point.targetPrice,
      lowerPrice: point.lowerPrice,
      upperPrice: point.upperPrice,
      ...range,
      actualPrice: point.actualPrice,
      status: resolveOutcome(range, point.actualPrice),
      isFree: true,
      hitProbability,
      userId: null,
      userEmail: null,
      createdAt: now.toISOString(),
    };
  });
}

/** How often a baseline ("no change" or drift) hit, under the same rule, on the back-test's own dates. */
export function baselineHits(
  backtest: Backtest,
  baseline: 'naive' | 'drift',
  timeFrame: TimeFrame,
): { hits: number; resolved: number } {
  const points = backtest[baseline];
  const hits = points.filter(
    (p: BacktestPoint) =>
      resolveOutcome(hitRange(p.priceAtPrediction, p.targetPrice, timeFrame), p.actualPrice) === 'hit',
  ).length;
  return { hits, resolved: points.length };
}

/** The pool's models promise finite, positive, ordered prices; a record must never store anything else. */
function assertForecastSound(f: { targetPrice: number; lowerPrice: number; upperPrice: number }) {
  assertInvariant(
    [f.targetPrice, f.lowerPrice, f.upperPrice].every((p) => Number.isFinite(p) && p > 0) &&
      f.lowerPrice <= f.targetPrice &&
      f.targetPrice <= f.upperPrice,
    `unsound forecast ${JSON.stringify(f)}`,
  );
}
