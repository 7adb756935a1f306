/**
 * `POST /api/predictions/generate`: a user's prediction of a stock, made once and paid once. In order: find a
 * replay or a duplicate (free of the rate limit), admit, forecast, then decide free or paid and commit the
 * prediction, its money, the forecast of the day and the Idempotency-Key's record in one ledger transaction.
 */
import type { GeneratePredictionResponse, PredictionListQuery } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { assertInvariant, conflict } from '../../domain/errors';
import { payForPrediction } from '../../domain/ledger';
import { futurePrediction } from '../../domain/predictions/records';
import { findPrediction, findPredictionAndForecast } from '../../adapters/firestore/predictions';
import { findIdempotentGenerate, type IdempotentGenerate } from '../../adapters/firestore/idempotencyKeys';
import { reservePrediction } from '../../adapters/firestore/predictionReservation';
import { walletOf } from '../../adapters/firestore/walletWriter';
import { markActive } from '../../adapters/firestore/businessFigures';
import { forecastOrFit } from './forecastOfTheDay';
import { askedForecast, walletForGenerate, type PredictionDeps } from './forecastRequest';

export async function generatePrediction(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
  idempotencyKey?: string,
): Promise<GeneratePredictionResponse> {
  // Asking for a forecast counts as activity on the overview (docs/product.md#overview), beside the work itself.
  const [answer] = await Promise.all([
    predictionFor(deps, caller, request, idempotencyKey),
    markActive(deps.db, caller.uid, deps.clock.now()),
  ]);
  return answer;
}

async function predictionFor(
  deps: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
  idempotencyKey?: string,
): Promise<GeneratePredictionResponse> {
  const { db, clock } = deps;
  // Load: what the forecast needs is loaded while the Idempotency-Key is looked up; a replay answers without it.
  const asking = askedForecast(deps, caller, request);
  asking.catch(() => undefined);
  if (idempotencyKey) {
    const replay = await replayOf(deps, caller, request, idempotencyKey);
    if (replay) return replay;
  }
  const { selection, key, bars, predictionId } = await asking;
  const { prediction: existing, forecast: stored } = await findPredictionAndForecast(db, predictionId, key);
  if (existing) return { prediction: existing, wallet: await walletOf(db, caller.uid, clock.now()), duplicate: true };

  // Admit: the limit counts new work only, so it comes after the replay and the duplicate. A fit (no one asked for
  // this forecast today, not even its cost preview) also waits for a dry run of the charge, so a refused charge
  // fits nothing; otherwise the ledger transaction below is the only read of the wallet.
  if (stored) await deps.rateLimiter.enforce(caller.uid, 'predictions.generate');
  else await admitFit(deps, caller, { predictionId, ticker: request.symbol });

  // Forecast: the stored one, or a new fit.
  const { forecast, toStore } = await forecastOrFit(deps, selection, bars, stored);

  // Decide and commit: free or paid is decided from the wallet the ledger transaction reads, with what it writes.
  const now = clock.now();
  const prediction = futurePrediction({
    id: predictionId,
    symbol: request.symbol,
    timeFrame: request.timeFrame,
    bars,
    forecast,
    hitProbability: forecast.hitProbability,
    owner: { userId: caller.uid, userEmail: caller.email },
    now,
  });
  const reservation = await reservePrediction(db, caller, {
    prediction: { ...prediction, modelChoice: request.modelId },
    forecastOfTheDay: toStore,
    idempotencyKey: idempotencyKey
      ? {
          key: idempotencyKey,
          record: {
            userId: caller.uid,
            predictionId,
            symbol: request.symbol,
            modelChoice: request.modelId,
            timeFrame: request.timeFrame,
            recordedOn: clock.today(),
          },
        }
      : undefined,
    today: clock.today(),
    now,
  });
  if (reservation.made) return { prediction: reservation.made, wallet: reservation.wallet, duplicate: false };
  // A concurrent request for the same forecast won the race: answer with its prediction.
  const earlier = await findPrediction(db, predictionId);
  if (!earlier) throw conflict('The same prediction request is still being processed; try again');
  return { prediction: earlier, wallet: reservation.wallet, duplicate: true };
}

/** The answer of the request an Idempotency-Key was first used for; undefined when the key is new. */
async function replayOf(
  { db, clock }: PredictionDeps,
  caller: Caller,
  request: PredictionListQuery,
  idempotencyKey: string,
): Promise<GeneratePredictionResponse | undefined> {
  const earlier = await findIdempotentGenerate(db, caller.uid, idempotencyKey);
  if (!earlier) return undefined;
  if (!sameRequest(earlier, request))
    throw conflict('This Idempotency-Key was already used for a different prediction');
  const made = await findPrediction(db, earlier.predictionId);
  assertInvariant(made, `idempotency key names prediction ${earlier.predictionId}, which does not exist`);
  return { prediction: made, wallet: await walletOf(db, caller.uid, clock.now()), duplicate: false };
}

function sameRequest(earlier: IdempotentGenerate, request: PredictionListQuery): boolean {
  return (
    earlier.symbol === request.symbol &&
    earlier.timeFrame === request.timeFrame &&
    earlier.modelChoice === request.modelId
  );
}

/**
 * Before a fit: the rate limit's admission and a dry run of the charge, at once. The dry run reads the wallet in a
 * transaction, as before issue 16: a plain read let ten concurrent asks of one user all pass it, fit and then queue
 * on the wallet in the emulator past the request's time limit. Both end before this returns (no transaction is left
 * running after the answer), and a refused admission (429) is reported before a refused charge (402).
 */
async function admitFit(
  deps: PredictionDeps,
  caller: Caller,
  charge: { predictionId: string; ticker: string },
): Promise<void> {
  const canPay = async () => {
    const wallet = await walletForGenerate(deps.db, caller, deps.clock);
    payForPrediction(wallet, { ...charge, now: deps.clock.now() });
  };
  const outcomes = await Promise.allSettled([deps.rateLimiter.enforce(caller.uid, 'predictions.generate'), canPay()]);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}
