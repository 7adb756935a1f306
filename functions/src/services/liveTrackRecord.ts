/**
 * Recomputes the live track record (issue 12) from every resolved user prediction. Daily maintenance calls it once
 * per run, after predictions are resolved; it reads only and writes one aggregate document, so a re-run or two runs
 * at once leave the same result.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { saveTrackRecord, totalResolvedPredictions } from '../adapters/firestore/trackRecord';

export async function updateLiveTrackRecord(db: Firestore, now: Date): Promise<void> {
  await saveTrackRecord(db, await totalResolvedPredictions(db), now);
}
