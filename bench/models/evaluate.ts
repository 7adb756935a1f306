/**
 * One unit of benchmark work: a model's forecasts for one stock and horizon at the given origins, each fitted only
 * on the closes up to its origin. A model that fails at an origin is recorded as a failure, not skipped silently.
 */
import type { TimeFrame } from '@stockseer/contract';
import { AppError } from '../../functions/src/domain/errors';
import { forecastWindowStart } from '../../functions/src/domain/market-data/service';
import { loadModel } from '../../functions/src/domain/models/registry';
import type { ModelId } from '../../functions/src/domain/models/types';
import { oddsFeatures } from '../../functions/src/domain/odds/calibration';
import { modelHitProbability } from '../../functions/src/domain/odds/hitProbability';
import { forecastOdds } from '../../functions/src/domain/predictions/records';
import { hitRange } from '../../functions/src/domain/predictions/hitRule';
import { previousBaseRate, previousHitProbability } from '../odds/previousMethod';

export interface EvaluationTask {
  readonly symbol: string;
  readonly modelId: ModelId;
  readonly horizon: number;
  readonly timeFrame: TimeFrame;
  readonly dates: string[];
  readonly closes: number[];
  readonly origins: number[];
  /**
   * Fit on the bars a generate loads (five years up to the origin, services/predictions/forecastOfTheDay.ts), as
   * the odds benchmark does; otherwise on every close up to the origin (the accuracy tables).
   */
  readonly appWindow?: boolean;
}

export interface EvaluatedForecast {
  readonly origin: number;
  readonly predictionDate: string;
  readonly targetDate: string;
  /** The calibrated chance of a hit, as the app computes it on `predictionDate`; null when the model failed. */
  readonly hitProbability: number | null;
  /** The model's own chance before calibration, and the calibration's volatility input; null when it failed. */
  readonly modelProbability: number | null;
  readonly recentVolatility: number | null;
  /** The chance as the app computed it before issue 24 (bench/odds/previousMethod.ts). */
  readonly previousProbability: number | null;
  readonly priceAtPrediction: number;
  readonly actualPrice: number;
  /** Null when the model failed at this origin. */
  readonly forecast: { targetPrice: number; lowerPrice: number; upperPrice: number } | null;
}

export interface EvaluationResult {
  readonly symbol: string;
  readonly modelId: ModelId;
  readonly horizon: number;
  readonly forecasts: EvaluatedForecast[];
  readonly failures: string[];
}

/** First index of the bars a forecast at `origin` sees. */
function firstIndex(task: EvaluationTask, origin: number): number {
  if (!task.appWindow) return 0;
  const start = forecastWindowStart(task.dates[origin]!);
  let first = origin;
  while (first > 0 && task.dates[first - 1]! >= start) first -= 1;
  return first;
}

export async function evaluate(task: EvaluationTask): Promise<EvaluationResult> {
  const model = await loadModel(task.modelId);
  const failures: string[] = [];
  const forecasts = task.origins.map((origin): EvaluatedForecast => {
    const base = {
      origin,
      predictionDate: task.dates[origin]!,
      targetDate: task.dates[origin + task.horizon]!,
      priceAtPrediction: task.closes[origin]!,
      actualPrice: task.closes[origin + task.horizon]!,
    };
    const first = firstIndex(task, origin);
    // The slices are the no-look-ahead guarantee: nothing after the origin reaches the fit or the odds.
    const closes = task.closes.slice(first, origin + 1);
    const dates = task.dates.slice(first, origin + 1);
    try {
      const { targetPrice, lowerPrice, upperPrice } = model.forecast({ closes, horizon: task.horizon });
      const forecast = { targetPrice, lowerPrice, upperPrice };
      const bars = closes.map((close, i) => ({ date: dates[i]!, close }));
      const hitProbability = forecastOdds(
        { ...forecast, modelId: task.modelId },
        { ...base, timeFrame: task.timeFrame, bars },
      );
      const modelProbability = modelHitProbability({
        ...forecast,
        ...hitRange(base.priceAtPrediction, targetPrice, task.timeFrame),
      });
      const previousProbability = previousHitProbability(
        modelProbability,
        task.timeFrame,
        previousBaseRate(dates, closes, task.timeFrame, base.predictionDate),
      );
      return {
        ...base,
        forecast,
        hitProbability,
        modelProbability,
        recentVolatility: oddsFeatures(closes).recentVolatility,
        previousProbability,
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push(`${task.symbol} origin ${origin}: ${error.message}`);
      return {
        ...base,
        forecast: null,
        hitProbability: null,
        modelProbability: null,
        recentVolatility: null,
        previousProbability: null,
      };
    }
  });
  return { symbol: task.symbol, modelId: task.modelId, horizon: task.horizon, forecasts, failures };
}
