/**
 * The prediction use cases: they tie the pure rules (domain/) to storage, market data and the model pool. Routes
 * validate and authorise, then call one of these.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  TIME_FRAME_DAYS,
  type GeneratePredictionResponse,
  type HistoricalPredictions,
  type ModelChoice,
  type Prediction,
  type PredictionListQuery,
  type TimeFrame,
  type Wallet,
} from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import { assertInvariant, conflict } from '../domain/errors';
import { payForPrediction } from '../domain/ledger';
import type { MarketDataService } from '../domain/market-data/service';
import type { ForecastModelId } from '../domain/models/types';
import { baselineHits, futurePrediction, historicalPredictions } from '../domain/predictions/records';
import { liveTrackRecordOf } from '../adapters/firestore/trackRecord';
import type { ModelPool } from '../adapters/model-pool/pool';
import { renewAllowanceIfDue } from '../adapters/firestore/allowance';
import { findBacktestRun, saveBacktestRun } from '../adapters/firestore/backtests';
import {
  createPrediction,
  findPrediction,
  findPredictionAndForecast,
  futurePredictionsOf,
  newestTargetFirst,
  predictionsByIds,
  type StoredPrediction,
} from '../adapters/firestore/predictions';
import { defaultModelOverrides } from '../adapters/firestore/settings';
import { resolveModelChoice } from '../domain/models/selection';
import { walletOf } from '../adapters/firestore/wallets';
import {
  findIdempotentGenerate,
  recordIdempotentGenerate,
  type IdempotentGenerate,
} from '../adapters/firestore/idempotencyKeys';
import { baselineOutcomes } from '../domain/odds/calibration';
import { forecastOrFit } from './forecastOfTheDay';
import { storeForecastOfTheDay } from '../adapters/firestore/forecastsOfTheDay';
import { reservePrediction } from './reservePrediction';
import type { Caller } from '../domain/caller';

export interface PredictionDeps {
  db: Firestore;
  clock: Clock;
  marketData: MarketDataService;
  models: ModelPool;
}

/** Calendar days of prices a back-test loads: 20 origins of the long horizon, 45 days apart, plus fitting history. */
const BACKTEST_LOOKBACK_DAYS = 8 * 365;

/** The model a choice runs (domain/models/selection.ts); the admin's defaults are read only for "recommended". */
export async function concreteModel(
  db: Firestore,
  choice: ModelChoice,
  timeFrame: TimeFrame,
): Promise<ForecastModelId> {
  return resolveModelChoice(choice, timeFrame, choice === 'recommended' ? await defaultModelOverrides(db) : {});
}

/**
 * One forecast, one charge (DESIGN 4): a user's prediction of a stock, concrete model and time frame from one last
 * close has one id, derived from exactly those. So a second ask, even a concurrent one with another
 * Idempotency-Key, finds the first (or loses the race on `reserve:{id}`) and never pays twice.
 */
export function forecastIdentity(
  userId: string,
  forecast: { symbol: string; modelId: ForecastModelId; timeFrame: TimeFrame; predictionDate: string },
): string {
  const fields = [userId, forecast.symbol, forecast.modelId, forecast.timeFrame, forecast.predictionDate];
  return `f_${createHash('sha256').update(fields.join('\n')).digest('hex').slice(0, 32)}`;
}

function sameRequest(earlier: IdempotentGenerate, request: PredictionListQuery): boolean {
  return (
    earlier.symbol === request.symbol &&
    earlier.timeFrame === request.timeFrame &&
    earlier.modelChoice === request.modelId
  );
}

/**
 * Called once the request is known to need new work (not a replay, not a cached result), before that work starts:
 * the route's rate limit. A retry that finds its first attempt's result is therefore never refused by the limit.
 */
export type Admission = () => Promise<void>;
const admitAll: Admission = () => Promise.resolve();

export async function generatePrediction(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
  idempotencyKey?: string,
  admit: Admission = admitAll,
): Promise<GeneratePredictionResponse> {
  const { db, clock } = deps;
  // What the forecast needs is loaded while the Idempotency-Key is looked up; a replay answers without it.
  const inputs = Promise.all([
    concreteModel(db, request.modelId, request.timeFrame),
    deps.marketData.barsUpTo(request.symbol, clock.today()),
  ]);
  inputs.catch(() => undefined);
  if (idempotencyKey) {
    const earlier = await findIdempotentGenerate(db, caller.uid, idempotencyKey);
    if (earlier) {
      if (!sameRequest(earlier, request))
        throw conflict('This Idempotency-Key was already used for a different prediction');
      const made = await findPrediction(db, earlier.predictionId);
      assertInvariant(made, `idempotency key names prediction ${earlier.predictionId}, which does not exist`);
      return { prediction: made, wallet: await walletOf(db, caller, clock.now()), duplicate: false };
    }
  }

  const [modelId, bars] = await inputs;
  const predictionDate = bars.at(-1)!.date;
  const selection = { ...request, modelId };
  const predictionId = forecastIdentity(caller.uid, { ...selection, predictionDate });
  const { prediction: existing, forecast: stored } = await findPredictionAndForecast(db, predictionId, {
    ...selection,
    predictionDate,
  });
  if (existing) return { prediction: existing, wallet: await walletOf(db, caller, clock.now()), duplicate: true };

  // The limit counts new work only, so it runs after the duplicate check. Only a fit, when no one asked for this
  // forecast today (not even its cost preview), waits for the admission and for a dry run of the charge (the two at
  // once); otherwise the transaction below is the only read of the wallet.
  const admitted = admit();
  admitted.catch(() => undefined);
  // The dry run reads the wallet in a transaction, as before issue 16: a plain read let ten concurrent asks of one
  // user all pass it, fit and then queue on the wallet in the emulator past the request's time limit.
  const dryRun = async () => {
    const wallet = await walletForGenerate(db, caller, clock);
    payForPrediction(wallet, { predictionId, ticker: request.symbol, now: clock.now() });
  };
  // Both settle before the answer (no transaction is left running after it), and a refused admission (429) is
  // reported before a refused charge (402), as when they ran one after the other.
  const beforeFit = async () => {
    const outcomes = await Promise.allSettled([admitted, dryRun()]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  };
  const [{ forecast, toStore }] = await Promise.all([
    forecastOrFit(deps, selection, bars, stored, beforeFit),
    admitted,
  ]);

  // One instant for the prediction and its reservation, even when the transaction is retried.
  const now = clock.now();
  let created: StoredPrediction | undefined;
  const outcome = await reservePrediction(db, caller, clock, {
    predictionId,
    ticker: request.symbol,
    now,
    alsoWrite: (tx, decision) => {
      const record = futurePrediction({
        id: predictionId,
        symbol: request.symbol,
        timeFrame: request.timeFrame,
        bars,
        forecast,
        hitProbability: forecast.hitProbability,
        owner: { userId: caller.uid, userEmail: caller.email },
        isFree: decision.isFree,
        now,
      });
      created = { ...record, modelChoice: request.modelId };
      createPrediction(tx, db, created);
      // A new fit, or a prepared forecast now asked: stored with the prediction made of it, in the same commit.
      if (toStore) storeForecastOfTheDay(tx, db, toStore);
      if (idempotencyKey) {
        recordIdempotentGenerate(tx, db, idempotencyKey, {
          userId: caller.uid,
          predictionId,
          symbol: request.symbol,
          modelChoice: request.modelId,
          timeFrame: request.timeFrame,
          recordedOn: clock.today(),
        });
      }
    },
  });
  if (!outcome.applied || !created) {
    // A concurrent request for the same forecast won the race: answer with its prediction.
    const earlier = await findPrediction(db, predictionId);
    if (!earlier) throw conflict('The same prediction request is still being processed; try again');
    return { prediction: earlier, wallet: outcome.wallet, duplicate: true };
  }
  return { prediction: created, wallet: outcome.wallet, duplicate: false };
}

/**
 * The caller's wallet with its monthly allowance renewed when due. A wallet the renewal cannot read yet (none, or an
 * older shape) is first created or migrated as `POST /api/me` would, then renewed.
 */
export async function walletForGenerate(db: Firestore, caller: Caller, clock: Clock): Promise<Wallet> {
  const { wallet } = await renewAllowanceIfDue(db, caller.uid, clock);
  if (wallet) return wallet;
  await walletOf(db, caller, clock.now());
  const renewed = (await renewAllowanceIfDue(db, caller.uid, clock)).wallet;
  assertInvariant(renewed !== null, `the wallet of ${caller.uid} was just created or migrated, yet does not parse`);
  return renewed;
}

export async function historicalPredictionsFor(
  deps: PredictionDeps,
  request: PredictionListQuery,
  admit: Admission = admitAll,
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
  await admit();

  const bars = await deps.marketData.barsUpTo(request.symbol, today, BACKTEST_LOOKBACK_DAYS);
  const backtest = await deps.models.backtest(modelId, bars, TIME_FRAME_DAYS[request.timeFrame]);
  const runId = `h_${key}_${today}`;
  const records = historicalPredictions(backtest, {
    symbol: request.symbol,
    timeFrame: request.timeFrame,
    runId,
    now: clock.now(),
    outcomes: baselineOutcomes(bars, request.timeFrame),
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

/**
 * The caller's forecasts of the selection's concrete model: "recommended" and the model it stands for list the same
 * forecasts, as generate finds the same one for both (one forecast, one charge).
 */
export async function futurePredictionsFor(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
): Promise<Prediction[]> {
  return futurePredictionsOf(deps.db, caller.uid, {
    symbol: request.symbol,
    modelId: await concreteModel(deps.db, request.modelId, request.timeFrame),
    timeFrame: request.timeFrame,
  });
}

export function userPredictions(deps: PredictionDeps, caller: Caller): Promise<Prediction[]> {
  return futurePredictionsOf(deps.db, caller.uid);
}
