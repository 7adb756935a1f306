/**
 * The real model pool, with the fits it is asked for counted: a test can tell a forecast read from one fitted.
 */
import { createModelPool, type ModelPool } from '../src/adapters/model-pool/pool';

export function countingModelPool(threads: number): { models: ModelPool; fits: () => number; resetFits: () => void } {
  const pool = createModelPool({ threads });
  let fits = 0;
  const models: ModelPool = {
    ...pool,
    forecast: (modelId, input) => {
      fits += 1;
      return pool.forecast(modelId, input);
    },
  };
  return { models, fits: () => fits, resetFits: () => (fits = 0) };
}
