/**
 * The one door through which every model's numbers become a `Forecast`: input is checked before a fit, output
 * after it, so no model can hand NaN, Infinity, a negative price or an inverted interval to the rest of the app.
 */
import { AppError } from '../errors';
import type { Forecast, ForecastInput, ForecastModel } from './types';

/** Standard normal 90th percentile: mean +/- Z80 standard deviations covers 80%. */
export const Z80 = 1.2815515655446004;

/** A forecast in log space relative to the last close: ln(target / lastClose) and its 80% bounds. */
export interface LogChange {
  readonly point: number;
  readonly lower: number;
  readonly upper: number;
}

/** What a model itself computes: the log change from the last close, given validated closes. */
export interface ModelDefinition extends Pick<ForecastModel, 'id' | 'name' | 'minCloses'> {
  predict(closes: readonly number[], horizon: number): LogChange;
}

/** Wraps a model's computation with the checks every model shares: input before it, output after it. */
export function defineModel(definition: ModelDefinition): ForecastModel {
  const { id, name, minCloses } = definition;
  return {
    id,
    name,
    minCloses,
    forecast(input) {
      assertValidInput(input, minCloses);
      return toForecast(definition, input.closes.at(-1)!, definition.predict(input.closes, input.horizon));
    },
  };
}

function assertValidInput(input: ForecastInput, minCloses: number): void {
  const { closes, horizon } = input;
  if (!Number.isInteger(horizon) || horizon < 1) {
    throw new AppError('validation', `Horizon must be a positive whole number of trading days, got ${horizon}`);
  }
  if (closes.length < minCloses) {
    throw new AppError('validation', `Need at least ${minCloses} daily closes, got ${closes.length}`);
  }
  if (!closes.every((close) => Number.isFinite(close) && close > 0)) {
    throw new AppError('validation', 'Every close must be a positive finite price');
  }
}

/** Turns a log change into prices anchored at the last close; throws `model_failed` on unusable numbers. */
export function toForecast(model: Pick<ForecastModel, 'id' | 'name'>, lastClose: number, change: LogChange): Forecast {
  const { point, lower, upper } = change;
  const finite = [point, lower, upper].every(Number.isFinite);
  if (!finite || !(lower <= point && point <= upper)) {
    throw new AppError('model_failed', `${model.name} produced an unusable forecast (${point}, [${lower}, ${upper}])`);
  }
  const forecast: Forecast = {
    modelId: model.id,
    modelName: model.name,
    targetPrice: lastClose * Math.exp(point),
    lowerPrice: lastClose * Math.exp(lower),
    upperPrice: lastClose * Math.exp(upper),
  };
  // exp of a finite number can still overflow to Infinity or underflow to 0 for absurd log changes.
  const prices = [forecast.lowerPrice, forecast.targetPrice, forecast.upperPrice];
  if (!prices.every((price) => Number.isFinite(price) && price > 0)) {
    throw new AppError('model_failed', `${model.name} produced a price outside the representable range`);
  }
  return forecast;
}
