/**
 * The price of the next click, before it (issue 12): the chance of a hit of the forecast a generate would make now,
 * and what it would cost this caller. It prepares the same forecast generate would store (cached for the day, so
 * the click itself fits nothing) and decides the cost with the ledger's own rule.
 */
import type { PredictionListQuery, PredictionPreview } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { previewCost } from '../../domain/costPreview';
import { forecastTerms } from '../../domain/predictions/records';
import { saveForecastOfTheDay } from '../../adapters/firestore/forecastsOfTheDay';
import { findPredictionAndForecast } from '../../adapters/firestore/predictions';
import { forecastOrFit } from './forecastOfTheDay';
import { askedForecast, walletForGenerate, type PredictionDeps } from './forecastRequest';

export async function previewPrediction(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
): Promise<PredictionPreview> {
  const { db, clock } = deps;
  const { selection, key, bars, predictionId } = await askedForecast(deps, caller, request);
  const [{ prediction: existing, forecast: stored }, wallet] = await Promise.all([
    findPredictionAndForecast(db, predictionId, key),
    walletForGenerate(db, caller, clock),
  ]);
  // A preview fits the model when no one asked for this forecast today: limited like a back-test not yet computed.
  if (!stored) await deps.rateLimiter.enforce(caller.uid, 'predictions.backtest');
  const { forecast, toStore } = await forecastOrFit(deps, selection, bars, stored);
  if (toStore) await saveForecastOfTheDay(db, toStore);
  return {
    symbol: request.symbol,
    modelId: selection.modelId,
    modelName: forecast.modelName,
    timeFrame: request.timeFrame,
    hitProbability: forecast.hitProbability,
    ...forecastTerms(bars, forecast, request.timeFrame),
    cost: existing
      ? { kind: 'duplicate', predictionId }
      : previewCost(wallet, forecast.hitProbability, { ticker: request.symbol, now: clock.now() }),
    allowance: { freeLeft: wallet.freePredictions, resetDate: wallet.resetDate },
  };
}
