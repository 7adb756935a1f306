/** The caller's own future predictions: of one selection (the New panel), or all of them (History). */
import type { Prediction, PredictionListQuery } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { futurePredictionsOf } from '../../adapters/firestore/predictions';
import { concreteModel, type PredictionDeps } from './forecastRequest';

/**
 * The caller's forecasts of the selection's concrete model: "recommended" and the model it stands for list the same
 * forecasts, as generate finds the same one for both (one forecast, one charge).
 */
export async function futurePredictionsFor(
  { db }: Pick<PredictionDeps, 'db'>,
  caller: Caller,
  request: PredictionListQuery,
): Promise<Prediction[]> {
  return futurePredictionsOf(db, caller.uid, {
    symbol: request.symbol,
    modelId: await concreteModel(db, request.modelId, request.timeFrame),
    timeFrame: request.timeFrame,
  });
}

/** All the caller's future predictions, newest target first. */
export function userPredictions({ db }: Pick<PredictionDeps, 'db'>, caller: Caller): Promise<Prediction[]> {
  return futurePredictionsOf(db, caller.uid);
}
