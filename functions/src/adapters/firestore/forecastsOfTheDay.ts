import type { Firestore } from 'firebase-admin/firestore';
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

type ForecastKey = Pick<ForecastOfTheDay, 'symbol' | 'modelId' | 'timeFrame' | 'predictionDate'>;
/** One stock, model and time frame, whatever the date. */
const selectionOf = (f: Omit<ForecastKey, 'predictionDate'>) => `${f.symbol}_${f.modelId}_${f.timeFrame}`;
const keyOf = (f: ForecastKey) => `${selectionOf(f)}_${f.predictionDate}`;
const refOf = (db: Firestore, key: ForecastKey) => db.collection(COLLECTIONS.forecastsOfTheDay).doc(keyOf(key));

export async function findForecastOfTheDay(
  db: Firestore,
  key: ForecastKey,
): Promise<{ forecast: ForecastOfTheDay; asked: boolean } | undefined> {
  const parsed = StoredForecast.safeParse((await refOf(db, key).get()).data());
  if (!parsed.success) return undefined;
  const { asked, ...forecast } = parsed.data;
  return { forecast, asked };
}

/**
 * In a transaction, not a plain write: the client retries a plain write through a database outage for minutes,
 * while a transaction's read ends it within seconds as a 503 (runTransaction.ts).
 */
export async function saveForecastOfTheDay(
  db: Firestore,
  forecast: ForecastOfTheDay,
  { asked }: { asked: boolean },
): Promise<void> {
  const ref = refOf(db, forecast);
  await runTransaction(db, async (tx) => {
    await tx.get(ref);
    tx.set(ref, { ...forecast, asked });
  });
}

/** A prepared forecast a preview or generate has just read: part of the next day's demand from now on. */
export async function markForecastAsked(db: Firestore, key: ForecastKey): Promise<void> {
  const ref = refOf(db, key);
  await runTransaction(db, async (tx) => {
    if ((await tx.get(ref)).exists) tx.update(ref, { asked: true });
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
