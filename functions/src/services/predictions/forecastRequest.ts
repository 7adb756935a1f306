/**
 * What the prediction use cases share: the concrete forecast a request names (stock, model, time frame, last close),
 * the id a user's prediction of it has, and the caller's wallet as a generate would find it.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { DailyBar, ModelChoice, PredictionListQuery, TimeFrame, Wallet } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import type { MarketDataService } from '../../domain/market-data/service';
import type { ForecastModelId } from '../../domain/models/types';
import { resolveModelChoice } from '../../domain/models/selection';
import type { RateLimiter } from '../../domain/rateLimit';
import type { ModelPool } from '../../adapters/model-pool/pool';
import { renewAllowanceIfDue } from '../../adapters/firestore/allowance';
import { profileWithWallet } from '../../adapters/firestore/users';
import type { ForecastKey } from '../../adapters/firestore/forecastsOfTheDay';
import { defaultModelOverrides } from '../../adapters/firestore/settings';
import type { ForecastSelection } from './forecastOfTheDay';

export interface PredictionDeps {
  db: Firestore;
  clock: Clock;
  marketData: MarketDataService;
  models: ModelPool;
  /** The limits count new work only: a fit or a back-test, never a replay or what is already computed. */
  rateLimiter: RateLimiter;
}

/** The model a choice runs (domain/models/selection.ts); the admin's defaults are read only for "recommended". */
export async function concreteModel(
  db: Firestore,
  choice: ModelChoice,
  timeFrame: TimeFrame,
): Promise<ForecastModelId> {
  return resolveModelChoice(choice, timeFrame, choice === 'recommended' ? await defaultModelOverrides(db) : {});
}

/**
 * One forecast, one charge (docs/product.md#one-forecast-one-charge): a user's prediction of a stock, concrete model
 * and time frame from one last close has one id, derived from exactly those. So a second ask, even a concurrent one
 * with another Idempotency-Key, finds the first (or loses the race on `reserve:{id}`) and never pays twice.
 */
export function forecastIdentity(
  userId: string,
  forecast: { symbol: string; modelId: ForecastModelId; timeFrame: TimeFrame; predictionDate: string },
): string {
  const fields = [userId, forecast.symbol, forecast.modelId, forecast.timeFrame, forecast.predictionDate];
  return `f_${createHash('sha256').update(fields.join('\n')).digest('hex').slice(0, 32)}`;
}

/** The forecast a request asks for now, the bars it is made from (the last one is its origin) and its id. */
export interface AskedForecast {
  selection: ForecastSelection;
  key: ForecastKey;
  bars: DailyBar[];
  predictionId: string;
}

export async function askedForecast(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
): Promise<AskedForecast> {
  const [modelId, bars] = await Promise.all([
    concreteModel(deps.db, request.modelId, request.timeFrame),
    deps.marketData.barsUpTo(request.symbol, deps.clock.today()),
  ]);
  const selection = { symbol: request.symbol, modelId, timeFrame: request.timeFrame };
  const key = { ...selection, predictionDate: bars.at(-1)!.date };
  return { selection, key, bars, predictionId: forecastIdentity(caller.uid, key) };
}

/**
 * The caller's wallet with its monthly allowance renewed when due, read in a transaction of the wallet writer (which
 * opens a missing wallet with the caller's profile).
 */
export async function walletForGenerate(db: Firestore, caller: Caller, clock: Clock): Promise<Wallet> {
  return (await renewAllowanceIfDue(db, caller.uid, clock, { onOpen: profileWithWallet(db, caller, clock.now()) }))
    .wallet;
}
