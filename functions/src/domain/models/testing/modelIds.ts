import type { ModelId } from '../types';

/** Every model the tests exercise: the three user models and both baselines. */
export const MODEL_IDS_FOR_TESTS: readonly ModelId[] = ['prophet', 'arima', 'xgboost', 'naive', 'drift'];
