import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate, type Prediction } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import type { StoredPrediction } from './predictions';
import { setBacktestTrackRecord } from './trackRecord';

/**
 * One back-test run per stock, model and timeframe: reused for the day it was computed on
 * (docs/product.md#past-predictions).
 */
const BacktestRun = z.object({
  runId: z.string(),
  computedOn: IsoDate,
  predictionIds: z.array(z.string()),
  naiveBaseline: z.object({ hits: z.number().int(), resolved: z.number().int() }),
  // Runs stored before the drift baseline existed fail to parse, so they are computed again.
  driftBaseline: z.object({ hits: z.number().int(), resolved: z.number().int() }),
});
export type BacktestRun = z.infer<typeof BacktestRun>;

export async function findBacktestRun(db: Firestore, key: string): Promise<BacktestRun | undefined> {
  const snap = await db.collection(COLLECTIONS.backtests).doc(key).get();
  const parsed = BacktestRun.safeParse(snap.data());
  return parsed.success ? parsed.data : undefined;
}

/**
 * Writes a run's records, its index and its sums for the public track record in one batch, so a reader never sees an
 * index without its records.
 */
export async function saveBacktestRun(
  db: Firestore,
  key: string,
  run: BacktestRun,
  records: readonly Prediction[],
  modelChoice: StoredPrediction['modelChoice'],
): Promise<void> {
  const batch = db.batch();
  for (const record of records) {
    const stored: StoredPrediction = { ...record, modelChoice, runId: run.runId, computedOn: run.computedOn };
    batch.set(db.collection(COLLECTIONS.predictions).doc(record.id), stored);
  }
  batch.set(db.collection(COLLECTIONS.backtests).doc(key), run);
  setBacktestTrackRecord(batch, db, key, { computedOn: run.computedOn, records });
  await batch.commit();
}
