import type { Firestore } from 'firebase-admin/firestore';
import type { TimeFrame } from '@stockseer/contract';
import type { ForecastModelId } from '../../domain/models/types';
import { defaultModels, setDefaultModel } from '../../adapters/firestore/settings';

/** The model "recommended" runs per timeframe. */
export function recommendedModels(db: Firestore): Promise<Record<TimeFrame, ForecastModelId>> {
  return defaultModels(db);
}

/** An admin picks the model "recommended" runs for a timeframe; answers every timeframe's choice after it. */
export async function chooseRecommendedModel(
  db: Firestore,
  timeFrame: TimeFrame,
  modelId: ForecastModelId,
): Promise<Record<TimeFrame, ForecastModelId>> {
  await setDefaultModel(db, timeFrame, modelId);
  return defaultModels(db);
}
