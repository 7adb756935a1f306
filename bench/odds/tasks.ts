/** The evaluation tasks of the odds benchmark and of the calibration's fit: every stock, horizon and model. */
import type { ModelId } from '../../functions/src/domain/models/types';
import type { EvaluationTask } from '../models/evaluate';
import { TIME_FRAME_OF_HORIZON } from '../models/metrics';
import type { PriceHistory } from '../lib/marketData';
import { originPhase, periodOrigins, type Period } from './origins';

export const HORIZONS = [7, 30, 90];

export function periodTasks(
  histories: readonly PriceHistory[],
  modelIds: readonly ModelId[],
  originsPerStock: number,
  period: Period,
): EvaluationTask[] {
  return histories.flatMap(({ symbol, dates, closes }) =>
    HORIZONS.flatMap((horizon) => {
      const origins = periodOrigins(dates, horizon, originsPerStock, period, originPhase(symbol));
      if (origins.length === 0) return [];
      const timeFrame = TIME_FRAME_OF_HORIZON[horizon]!;
      return modelIds.map((modelId) => ({
        symbol,
        modelId,
        horizon,
        timeFrame,
        dates,
        closes,
        origins,
        appWindow: true,
      }));
    }),
  );
}
