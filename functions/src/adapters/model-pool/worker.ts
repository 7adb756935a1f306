/**
 * Worker-thread entry of the model pool (bundled as lib/modelWorker.js). Fits run here so they never block the
 * request thread; each thread loads a model's library once and reuses it.
 */
import { AppError } from '../../domain/errors';
import { backtest } from '../../domain/models/backtest';
import { loadModel } from '../../domain/models/registry';
import type { ModelTask, ModelTaskResult } from './protocol';

export default async function runModelTask(task: ModelTask): Promise<ModelTaskResult> {
  try {
    const model = await loadModel(task.modelId);
    return task.kind === 'forecast'
      ? { ok: true, forecast: model.forecast(task.input) }
      : { ok: true, backtest: backtest(task.bars, model, task.horizon) };
  } catch (error) {
    // Only the typed errors are expected; anything else is a bug and is rethrown to surface as a 500.
    if (error instanceof AppError) return { ok: false, kind: error.kind, message: error.message };
    throw error;
  }
}
