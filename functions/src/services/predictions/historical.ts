/**
 * `GET /api/predictions/historical`: how the model would have done on this stock (a walk-forward back-test),
 * computed once per stock, model and time frame a day, and shown with the baselines and the live track record.
 */
import { TIME_FRAME_DAYS, type HistoricalPredictions, type PredictionListQuery } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { baselineHits, historicalPredictions } from '../../domain/predictions/records';
import { findBacktestRun, saveBacktestRun } from '../../adapters/firestore/backtests';
import { newestTargetFirst, predictionsByIds } from '../../adapters/firestore/predictions';
import { liveTrackRecordOf } from '../../adapters/firestore/trackRecord';
import { concreteModel, type PredictionDeps } from './forecastRequest';

/** Calendar days of prices a back-test loads: 20 origins of the long horizon, 45 days apart, plus fitting history. */
const BACKTEST_LOOKBACK_DAYS = 8 * 365;

export async function historicalPredictionsFor(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
): Promise<HistoricalPredictions> {
  const { db, clock } = deps;
  const modelId = await concreteModel(db, request.modelId, request.timeFrame);
  const key = `${request.symbol}_${modelId}_${request.timeFrame}`;
  const today = clock.today();
  const run = await findBacktestRun(db, key);
  if (run?.computedOn === today) {
    const [predictions, liveTrackRecord] = await Promise.all([
      predictionsByIds(db, run.predictionIds),
      liveTrackRecordOf(db, modelId, request.timeFrame),
    ]);
    return { predictions, naiveBaseline: run.naiveBaseline, driftBaseline: run.driftBaseline, liveTrackRecord };
  }
  // The limit counts new work only: a back-test computed today is never refused.
  await deps.rateLimiter.enforce(caller.uid, 'predictions.backtest');

  const bars = await deps.marketData.barsUpTo(request.symbol, today, BACKTEST_LOOKBACK_DAYS);
  const backtest = await deps.models.backtest(modelId, bars, TIME_FRAME_DAYS[request.timeFrame]);
  const runId = `h_${key}_${today}`;
  const records = historicalPredictions(backtest, {
    symbol: request.symbol,
    timeFrame: request.timeFrame,
    runId,
    now: clock.now(),
    bars,
  }).map((record) => ({ ...record, modelChoice: modelId }));
  const baselines = {
    naiveBaseline: baselineHits(backtest, 'naive', request.timeFrame),
    driftBaseline: baselineHits(backtest, 'drift', request.timeFrame),
  };
  await saveBacktestRun(
    db,
    key,
    { runId, computedOn: today, predictionIds: records.map((r) => r.id), ...baselines },
    records,
    modelId,
  );
  return {
    predictions: [...records].sort(newestTargetFirst),
    ...baselines,
    liveTrackRecord: await liveTrackRecordOf(db, modelId, request.timeFrame),
  };
}
