/**
 * One unit of benchmark work: a model's forecasts for one stock and horizon at the given origins, each fitted only
 * on the closes up to its origin. A model that fails at an origin is recorded as a failure, not skipped silently.
 */
import type { DailyBar, TimeFrame } from '@stockseer/contract';
import { addCalendarDays } from '../../functions/src/domain/calendar';
import { AppError } from '../../functions/src/domain/errors';
import { FORECAST_LOOKBACK_DAYS } from '../../functions/src/domain/market-data/service';
import { loadModel } from '../../functions/src/domain/models/registry';
import type { ModelId } from '../../functions/src/domain/models/types';
import { baselineOutcomes, type BaselineOutcome } from '../../functions/src/domain/odds/calibration';
import { forecastOdds } from '../../functions/src/domain/predictions/records';

export interface EvaluationTask {
  readonly symbol: string;
  readonly modelId: ModelId;
  readonly horizon: number;
  readonly timeFrame: TimeFrame;
  readonly dates: string[];
  readonly closes: number[];
  readonly origins: number[];
}

export interface EvaluatedForecast {
  readonly origin: number;
  readonly predictionDate: string;
  readonly targetDate: string;
  /** The calibrated chance of a hit, as the app computes it on `predictionDate`; null when the model failed. */
  readonly hitProbability: number | null;
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

/**
 * The outcomes the app would calibrate with on `predictionDate`: a generate loads FORECAST_LOOKBACK_DAYS of bars,
 * so only outcomes of origins inside that window; `forecastOdds` itself drops those not yet known.
 */
function outcomesSeenOn(
  outcomes: readonly BaselineOutcome[],
  predictionDate: string,
  originDates: Map<string, string>,
) {
  const windowStart = addCalendarDays(predictionDate, -FORECAST_LOOKBACK_DAYS);
  return outcomes.filter((o) => originDates.get(o.targetDate)! >= windowStart);
}

export async function evaluate(task: EvaluationTask): Promise<EvaluationResult> {
  const model = await loadModel(task.modelId);
  const failures: string[] = [];
  const bars: DailyBar[] = task.closes.map((close, i) => ({
    date: task.dates[i]!,
    open: close,
    high: close,
    low: close,
    close,
    volume: 0,
  }));
  // Each outcome's origin only sees closes up to itself, so one pass over the whole series is free of look-ahead;
  // forecastOdds keeps those whose target date is before each prediction date.
  const outcomes = baselineOutcomes(bars, task.timeFrame);
  const originOf = new Map(task.dates.map((date, i) => [task.dates[i + task.horizon] ?? '', date]));
  const forecasts = task.origins.map((origin): EvaluatedForecast => {
    const base = {
      origin,
      predictionDate: task.dates[origin]!,
      targetDate: task.dates[origin + task.horizon]!,
      priceAtPrediction: task.closes[origin]!,
      actualPrice: task.closes[origin + task.horizon]!,
    };
    try {
      const { targetPrice, lowerPrice, upperPrice } = model.forecast({
        closes: task.closes.slice(0, origin + 1),
        horizon: task.horizon,
      });
      const forecast = { targetPrice, lowerPrice, upperPrice };
      const hitProbability = forecastOdds(forecast, {
        ...base,
        timeFrame: task.timeFrame,
        outcomes: outcomesSeenOn(outcomes, base.predictionDate, originOf),
      });
      return { ...base, forecast, hitProbability };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push(`${task.symbol} origin ${origin}: ${error.message}`);
      return { ...base, forecast: null, hitProbability: null };
    }
  });
  return { symbol: task.symbol, modelId: task.modelId, horizon: task.horizon, forecasts, failures };
}
