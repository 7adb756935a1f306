import type { ModelChoice, ModelId } from '@stockseer/contract';

export type { ModelId };
/** The models a user can choose; `naive` and `drift` are baselines for evaluation only. */
export type ForecastModelId = Exclude<ModelChoice, 'recommended'>;
export const FORECAST_MODEL_IDS: readonly ForecastModelId[] = ['prophet', 'arima', 'xgboost'];

/** What a model sees: daily split-adjusted prices up to the origin, oldest first, and how far ahead to look. */
export interface ForecastInput {
  readonly closes: readonly number[];
  /** Optional intraday range of the same days; models may ignore it. */
  readonly highs?: readonly number[];
  readonly lows?: readonly number[];
  /** Trading days after the last close. */
  readonly horizon: number;
}

/** A price forecast for the close `horizon` trading days after the last one, with an 80% interval. */
export interface Forecast {
  readonly modelId: ModelId;
  readonly modelName: string;
  readonly targetPrice: number;
  readonly lowerPrice: number;
  readonly upperPrice: number;
}

/**
 * A loaded model. `forecast` is synchronous and CPU-bound (it blocks the event loop: run it in the model pool on
 * a request path) and deterministic: the same input gives the same forecast.
 */
export interface ForecastModel {
  readonly id: ModelId;
  readonly name: string;
  /** Fewest closes the model needs; shorter input is a validation error. */
  readonly minCloses: number;
  forecast(input: ForecastInput): Forecast;
}
