import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate, ModelId, TimeFrame } from '@stockseer/contract';
import { COLLECTIONS } from './db';
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
