import type { DocumentSnapshot, Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import {
  ERROR_MESSAGES,
  Prediction,
  type AllPredictionsPage,
  type AllPredictionsQuery,
  type ModelChoice,
  type ModelId,
  type TimeFrame,
} from '@stockseer/contract';
import { validationError } from '../../domain/errors';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';
import {
  forecastOfTheDayRef,
  storedForecastOf,
  type ForecastKey,
  type StoredForecastOfTheDay,
} from './forecastsOfTheDay';

/**
 * Predictions live in one collection. Besides the contract's fields a document keeps what the user asked for
 * (`modelChoice`, e.g. "recommended", which the stored `modelId` resolves) and, for back-test records, the run
 * they belong to (`runId`, `computedOn`), so the Past list is found and old runs are cleaned up.
 */
export interface StoredPrediction extends Prediction {
  modelChoice: ModelChoice;
  runId?: string;
  computedOn?: string;
}

const predictions = (db: Firestore) => db.collection(COLLECTIONS.predictions);
const parse = (data: unknown) => Prediction.parse(data);
const newestTargetFirst = (a: Prediction, b: Prediction) =>
  b.targetDate.localeCompare(a.targetDate) || b.createdAt.localeCompare(a.createdAt);

export function predictionRef(db: Firestore, id: string) {
  return predictions(db).doc(id);
}

export function createPrediction(tx: FirestoreTransaction, db: Firestore, record: StoredPrediction): void {
  tx.create(predictionRef(db, record.id), record);
}

const storedPredictionOf = (snap: DocumentSnapshot) => (snap.exists ? (snap.data() as StoredPrediction) : undefined);

export async function findPrediction(db: Firestore, id: string): Promise<StoredPrediction | undefined> {
  return storedPredictionOf(await predictionRef(db, id).get());
}

/**
 * A generate's first read, one round trip: whether the caller already made this prediction, and the forecast of the
 * day it would store (none when no one asked for it yet today).
 */
export async function findPredictionAndForecast(
  db: Firestore,
  predictionId: string,
  forecast: ForecastKey,
): Promise<{ prediction?: StoredPrediction; forecast?: StoredForecastOfTheDay }> {
  const [predictionSnap, forecastSnap] = await db.getAll(
    predictionRef(db, predictionId),
    forecastOfTheDayRef(db, forecast),
  );
  return { prediction: storedPredictionOf(predictionSnap!), forecast: storedForecastOf(forecastSnap!) };
}

/** A user's future predictions, newest target first; of one stock, concrete model and timeframe when `filter` says. */
export async function futurePredictionsOf(
  db: Firestore,
  userId: string,
  filter?: { symbol: string; modelId: ModelId; timeFrame: TimeFrame },
): Promise<Prediction[]> {
  const query = filter
    ? buildQuery(db, QUERIES.userFuturePredictionsOf, [
        userId,
        'future',
        filter.symbol,
        filter.modelId,
        filter.timeFrame,
      ])
    : buildQuery(db, QUERIES.userFuturePredictions, [userId, 'future']);
  const snap = await query.get();
  return snap.docs.map((d) => parse(d.data())).sort(newestTargetFirst);
}

/** A back-test run's records, by their ids. */
export async function predictionsByIds(db: Firestore, ids: readonly string[]): Promise<Prediction[]> {
  if (ids.length === 0) return [];
  const snaps = await db.getAll(...ids.map((id) => predictionRef(db, id)));
  return snaps
    .filter((s) => s.exists)
    .map((s) => parse(s.data()))
    .sort(newestTargetFirst);
}

/**
 * A page of every user's predictions (the admin's list), filtered by the server, newest first. The cursor is the
 * previous page's last id; the page starts after that document's place in the order (its creation time and id).
 */
export async function predictionsPage(
  db: Firestore,
  { limit, cursor, userId, status, timeFrame, predictionType, modelId }: AllPredictionsQuery,
): Promise<AllPredictionsPage> {
  let query = buildQuery(db, QUERIES.allPredictions, [userId, status, timeFrame, predictionType, modelId]).limit(limit);
  if (cursor) {
    const last = await predictionRef(db, cursor).get();
    if (!last.exists) throw validationError(ERROR_MESSAGES.predictionCursor);
    query = query.startAfter(last);
  }
  const snap = await query.get();
  return {
    predictions: snap.docs.map((d) => parse(d.data())),
    nextCursor: snap.size === limit ? snap.docs.at(-1)!.id : null,
  };
}

export { newestTargetFirst };
