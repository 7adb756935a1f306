/**
 * The one transaction of a generate, through the wallet writer (walletWriter.ts): it reads the wallet once and
 * decides from that read, with the ledger's pure rules, the monthly allowance renewal, free or paid, the $1
 * reserve and the duplicate (`reserve:{predictionId}` already applied), then writes the prediction (free or not, as
 * decided), the Idempotency-Key's record and the forecast of the day with the money.
 */
import type { Wallet } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { ledgerTxId, payForPrediction, renewalStep } from '../../domain/ledger';
import type { UnreservedPrediction } from '../../domain/predictions/records';
import type { Firestore } from 'firebase-admin/firestore';
import { commitToWallet } from './walletWriter';
import { profileWithWallet } from './users';
import { writeRenewalNotice } from './allowance';
import { storeForecastOfTheDay, type StoredForecastOfTheDay } from './forecastsOfTheDay';
import { recordIdempotentGenerate, type IdempotentGenerate } from './idempotencyKeys';
import { createPrediction, type StoredPrediction } from './predictions';

export interface PredictionToReserve {
  prediction: UnreservedPrediction & Pick<StoredPrediction, 'modelChoice'>;
  /** A new fit, or a prepared forecast now asked: stored with the prediction made of it. Null: none to write. */
  forecastOfTheDay: StoredForecastOfTheDay | null;
  /** The request's Idempotency-Key and what it names, when it carried one. */
  idempotencyKey?: { key: string; record: IdempotentGenerate };
  /** The market date the allowance renewal looks at. */
  today: string;
  /** The instant the prediction is stamped with: its ledger lines carry the same one, whatever the retries. */
  now: Date;
}

export type Reservation =
  | { made: StoredPrediction; wallet: Wallet }
  /** `reserve:{predictionId}` was applied before: a concurrent request for the same forecast won the race. */
  | { made: null; wallet: Wallet };

export async function reservePrediction(
  db: Firestore,
  caller: Caller,
  { prediction, forecastOfTheDay, idempotencyKey, today, now }: PredictionToReserve,
): Promise<Reservation> {
  let made = null as StoredPrediction | null;
  const reserve = {
    txId: ledgerTxId.reserve(prediction.id),
    decide: (wallet: Wallet) =>
      payForPrediction(wallet, { predictionId: prediction.id, ticker: prediction.symbol, now }),
  };
  const outcome = await commitToWallet(db, {
    userId: caller.uid,
    now,
    // The caller found no prediction of this id just before: a replay is rare enough for the transaction to see.
    replayReadFirst: false,
    // The renewal first, so that a generate on the day the allowance renews counts the renewed free predictions.
    steps: [renewalStep({ today, now }), reserve],
    onOpen: profileWithWallet(db, caller, now),
    alsoWrite: (tx, applied) => {
      writeRenewalNotice(tx, db, { userId: caller.uid, now, runId: null }, applied);
      const paid = applied.find((a) => a.step === reserve)?.decision;
      if (!paid) return;
      made = { ...prediction, isFree: paid.transactions.some((t) => t.type === 'free_prediction') };
      createPrediction(tx, db, made);
      if (forecastOfTheDay) storeForecastOfTheDay(tx, db, forecastOfTheDay);
      if (idempotencyKey) recordIdempotentGenerate(tx, db, idempotencyKey.key, idempotencyKey.record);
    },
  });
  return { made: outcome.applied.some((a) => a.step === reserve) ? made : null, wallet: outcome.wallet };
}
