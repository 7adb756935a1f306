/**
 * One unit of benchmark work: a model's forecasts for one stock and horizon at the given origins, each fitted only
 * on the closes up to its origin. A model that fails at an origin is recorded as a failure, not skipped silently.
 */
import { AppError } from '../../functions/src/domain/errors';
import { loadModel } from '../../functions/src/domain/models/registry';
import type { ModelId } from '../../functions/src/domain/models/types';

export interface EvaluationTask {
  readonly symbol: string;
  readonly modelId: ModelId;
  readonly horizon: number;
  readonly closes: number[];
  readonly origins: number[];
}

export interface EvaluatedForecast {
  readonly origin: number;
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

export async function evaluate(task: EvaluationTask): Promise<EvaluationResult> {
  const model = await loadModel(task.modelId);
  const failures: string[] = [];
  const forecasts = task.origins.map((origin): EvaluatedForecast => {
    const base = { origin, priceAtPrediction: task.closes[origin]!, actualPrice: task.closes[origin + task.horizon]! };
    try {
      const { targetPrice, lowerPrice, upperPrice } = model.forecast({
        closes: task.closes.slice(0, origin + 1),
        horizon: task.horizon,
      });
      return { ...base, forecast: { targetPrice, lowerPrice, upperPrice } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failures.push(`${task.symbol} origin ${origin}: ${error.message}`);
      return { ...base, forecast: null };
    }
  });
  return { symbol: task.symbol, modelId: task.modelId, horizon: task.horizon, forecasts, failures };
}
