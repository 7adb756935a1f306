import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction as FirestoreTransaction,
} from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate, ModelChoice, ModelId, TimeFrame } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';
import { runTransaction } from './runTransaction';

/**
 * A model's forecast of one stock and time frame from one day's last close, with its chance of a hit. The fit is
 * deterministic, so it is the same for every user: the cost preview computes it once and generate reuses it. It
 * holds no personal data.
 */
const ForecastOfTheDay = z.object({
  symbol: z.string(),
  modelId: ModelId,
  modelName: z.string(),
  timeFrame: TimeFrame,
  predictionDate: IsoDate,
  targetPrice: z.number().positive(),
  lowerPrice: z.number().positive(),
  upperPrice: z.number().positive(),
  hitProbability: z.number().min(0).max(1),
});
export type ForecastOfTheDay = z.infer<typeof ForecastOfTheDay>;

/**
 * As stored: `asked` is false for a forecast daily maintenance prepared that no preview or generate has read yet. Only
 * asked forecasts make the next day's demand, so a prepared one nobody wants is not prepared again and again.
 * Documents from before the flag were all made on a request.
 */
const StoredForecast = ForecastOfTheDay.extend({ asked: z.boolean().default(true) });

export type ForecastKey = Pick<ForecastOfTheDay, 'symbol' | 'modelId' | 'timeFrame' | 'predictionDate'>;
/** One stock, model and time frame, whatever the date. */
const selectionOf = (f: Omit<ForecastKey, 'predictionDate'>) => `${f.symbol}_${f.modelId}_${f.timeFrame}`;
const keyOf = (f: ForecastKey) => `${selectionOf(f)}_${f.predictionDate}`;
export const forecastOfTheDayRef = (db: Firestore, key: ForecastKey): DocumentReference =>
  db.collection(COLLECTIONS.forecastsOfTheDay).doc(keyOf(key));

/** A forecast as stored, and whether a preview or generate has read it yet. */
export interface StoredForecastOfTheDay {
  forecast: ForecastOfTheDay;
  asked: boolean;
}

/** A read document as a stored forecast; undefined when there is none (or one that no longer parses: fit again). */
export function storedForecastOf(snap: DocumentSnapshot): StoredForecastOfTheDay | undefined {
  const parsed = StoredForecast.safeParse(snap.data());
  if (!parsed.success) return undefined;
  const { asked, ...forecast } = parsed.data;
  return { forecast, asked };
}

export async function findForecastOfTheDay(
  db: Firestore,
  key: ForecastKey,
): Promise<StoredForecastOfTheDay | undefined> {
  return storedForecastOf(await forecastOfTheDayRef(db, key).get());
}

/** Several forecasts in one read, in the order of `keys`. */
export async function findForecastsOfTheDay(
  db: Firestore,
  keys: readonly ForecastKey[],
): Promise<(StoredForecastOfTheDay | undefined)[]> {
  if (keys.length === 0) return [];
  return (await db.getAll(...keys.map((key) => forecastOfTheDayRef(db, key)))).map(storedForecastOf);
}

/**
 * Stores a forecast, whole, inside a transaction the caller runs: a generate stores it with its prediction and
 * money in one commit. Whole, not a field update, also when it only marks a stored forecast asked: a document that
 * cleanup removed meanwhile is then written back complete, never as a fragment no parse or cleanup would find.
 */
export function storeForecastOfTheDay(tx: FirestoreTransaction, db: Firestore, stored: StoredForecastOfTheDay): void {
  tx.set(forecastOfTheDayRef(db, stored.forecast), { ...stored.forecast, asked: stored.asked });
}

/**
 * In its own transaction, not a plain write: the client retries a plain write through a database outage for minutes,
 * while a transaction's read ends it within seconds as a 503 (runTransaction.ts).
 */
export async function saveForecastOfTheDay(db: Firestore, stored: StoredForecastOfTheDay): Promise<void> {
  await runTransaction(db, async (tx) => {
    await tx.get(forecastOfTheDayRef(db, stored.forecast));
    storeForecastOfTheDay(tx, db, stored);
  });
}

/** What was asked: a stock, a concrete model and a time frame (any date). */
const AskedForecast = ForecastOfTheDay.pick({ symbol: true, timeFrame: true }).extend({
  modelId: ModelChoice.exclude(['recommended']),
});
export type AskedForecast = z.infer<typeof AskedForecast>;

/**
 * Every stock, model and time frame someone asked a forecast of (a cost preview or a generate) from a close before
 * `date`, each once: what the next session is likely to ask again. A prepared forecast counts only once it was read.
 */
export async function forecastsAskedBefore(db: Firestore, date: string): Promise<AskedForecast[]> {
  const snap = await buildQuery(db, QUERIES.staleForecastsOfTheDay, [date])
    .select('symbol', 'modelId', 'timeFrame', 'asked')
    .get();
  const asked = new Map<string, AskedForecast>();
  for (const doc of snap.docs) {
    if (doc.get('asked') === false) continue;
    const parsed = AskedForecast.safeParse(doc.data());
    if (parsed.success) asked.set(selectionOf(parsed.data), parsed.data);
  }
  return [...asked.values()];
}
