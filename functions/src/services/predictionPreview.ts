/**
 * The price of the next click, before it (issue 12): the chance of a hit of the forecast a generate would make now,
 * and what it would cost this caller. It prepares the same forecast generate would store (cached for the day, so
 * the click itself fits nothing) and decides the cost with the ledger's own rule.
 */
import type { PredictionListQuery, PredictionPreview } from '@stockseer/contract';
import { previewCost } from '../domain/costPreview';
import { findPrediction } from '../adapters/firestore/predictions';
import type { Caller } from '../domain/caller';
import { forecastOfTheDay } from './forecastOfTheDay';
import { concreteModel, forecastIdentity, walletForGenerate, type Admission, type PredictionDeps } from './predictions';

export async function previewPrediction(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
  admit: Admission,
): Promise<PredictionPreview> {
  const { db, clock } = deps;
  const modelId = await concreteModel(db, request.modelId, request.timeFrame);
  const bars = await deps.marketData.barsUpTo(request.symbol, clock.today());
  const predictionDate = bars.at(-1)!.date;
  const predictionId = forecastIdentity(caller.uid, { ...request, modelId, predictionDate });
  const [existing, wallet] = await Promise.all([
    findPrediction(db, predictionId),
    walletForGenerate(db, caller, clock),
  ]);
  const forecast = await forecastOfTheDay(deps, { ...request, modelId }, bars, admit);
  return {
    symbol: request.symbol,
    modelId,
    modelName: forecast.modelName,
    timeFrame: request.timeFrame,
    predictionDate,
    hitProbability: forecast.hitProbability,
    cost: existing
      ? { kind: 'duplicate', predictionId }
      : previewCost(wallet, forecast.hitProbability, { ticker: request.symbol, now: clock.now() }),
    allowance: { freeLeft: wallet.freePredictions, resetDate: wallet.resetDate },
  };
}
