/**
 * Every model by id, loaded lazily: the forecasting libraries instantiate WebAssembly on import, which only the
 * process that fits models should pay for. Loading is cached per process.
 */
import { loadArimaModel } from './arima';
import { driftModel, naiveModel } from './baselines';
import { loadProphetModel } from './prophet';
import type { Forecast, ForecastModel, ModelId } from './types';
import { loadXgboostModel } from './xgboost';

const loaders: Record<ModelId, () => Promise<ForecastModel>> = {
  prophet: loadProphetModel,
  arima: loadArimaModel,
  xgboost: loadXgboostModel,
  naive: async () => naiveModel,
  drift: async () => driftModel,
};

const loaded = new Map<ModelId, Promise<ForecastModel>>();

export function loadModel(modelId: ModelId): Promise<ForecastModel> {
  let model = loaded.get(modelId);
  if (!model) {
    model = loaders[modelId]();
    loaded.set(modelId, model);
  }
  return model;
}

/** In-process forecast: blocks the event loop for the fit. Request paths use the model pool instead. */
export async function forecast(modelId: ModelId, closes: readonly number[], horizon: number): Promise<Forecast> {
  return (await loadModel(modelId)).forecast({ closes, horizon });
}
