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

const keyOf = (f: Pick<ForecastOfTheDay, 'symbol' | 'modelId' | 'timeFrame' | 'predictionDate'>) =>
  `${f.symbol}_${f.modelId}_${f.timeFrame}_${f.predictionDate}`;

export async function findForecastOfTheDay(
  db: Firestore,
  key: Pick<ForecastOfTheDay, 'symbol' | 'modelId' | 'timeFrame' | 'predictionDate'>,
): Promise<ForecastOfTheDay | undefined> {
  const snap = await db.collection(COLLECTIONS.forecastsOfTheDay).doc(keyOf(key)).get();
  const parsed = ForecastOfTheDay.safeParse(snap.data());
  return parsed.success ? parsed.data : undefined;
}

/**
 * In a transaction, not a plain write: the client retries a plain write through a database outage for minutes,
 * while a transaction's read ends it within seconds as a 503 (runTransaction.ts).
 */
export async function saveForecastOfTheDay(db: Firestore, forecast: ForecastOfTheDay): Promise<void> {
  const ref = db.collection(COLLECTIONS.forecastsOfTheDay).doc(keyOf(forecast));
  await runTransaction(db, async (tx) => {
    await tx.get(ref);
    tx.set(ref, forecast);
  });
}

/** What was asked: a stock, a concrete model and a time frame (any date). */
const AskedForecast = ForecastOfTheDay.pick({ symbol: true, timeFrame: true }).extend({
  modelId: ModelChoice.exclude(['recommended']),
});
export type AskedForecast = z.infer<typeof AskedForecast>;

/**
 * Every stock, model and time frame someone asked a forecast of (a cost preview or a generate) from a close before
 * `date`, each once: what the next session is likely to ask again. Only the three fields are read.
 */
export async function forecastsAskedBefore(db: Firestore, date: string): Promise<AskedForecast[]> {
  const snap = await buildQuery(db, QUERIES.staleForecastsOfTheDay, [date])
    .select('symbol', 'modelId', 'timeFrame')
    .get();
  const asked = new Map<string, AskedForecast>();
  for (const doc of snap.docs) {
    const parsed = AskedForecast.safeParse(doc.data());
    if (parsed.success) asked.set(`${parsed.data.symbol}_${parsed.data.modelId}_${parsed.data.timeFrame}`, parsed.data);
  }
  return [...asked.values()];
}
