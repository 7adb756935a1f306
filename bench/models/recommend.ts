/** The recommended model per time frame: the user-selectable model with the lowest benchmark MASE. */
import type { TimeFrame } from '@stockseer/contract';
import { FORECAST_MODEL_IDS, type ForecastModelId, type ModelId } from '../../functions/src/domain/models/types';
import type { AccuracyRow } from './metrics';
import { TIME_FRAME_OF_HORIZON } from './metrics';

export const MODEL_IDS_FOR_BENCH: ModelId[] = [...FORECAST_MODEL_IDS, 'naive', 'drift'];

export function recommendedDefaults(rows: readonly AccuracyRow[]): Partial<Record<TimeFrame, ForecastModelId>> {
  const defaults: Partial<Record<TimeFrame, ForecastModelId>> = {};
  for (const [horizon, timeFrame] of Object.entries(TIME_FRAME_OF_HORIZON)) {
    const candidates = rows
      .filter(
        (row) => row.horizon === Number(horizon) && (FORECAST_MODEL_IDS as readonly string[]).includes(row.modelId),
      )
      .sort((a, b) => a.mase - b.mase);
    if (candidates[0]) defaults[timeFrame] = candidates[0].modelId as ForecastModelId;
  }
  return defaults;
}
