import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { Prediction, type LiveTrackRecord, type TimeFrame } from '@stockseer/contract';
import type { ModelId } from '../../domain/models/types';
import {
  addToTrackRecord,
  summarizeTrackRecord,
  trackRecordKey,
  type TrackRecordTotals,
} from '../../domain/trackRecord';
import { buildQuery, QUERIES } from './queries';

/** One document holds the live track record of every model and time frame: small, read with each back-test. */
const TRACK_RECORD_DOC = { collection: 'aggregates', id: 'liveTrackRecord' } as const;

const Sums = z.object({
  resolved: z.number().int().min(0),
  hits: z.number().int().min(0),
  withOdds: z.number().int().min(0),
  sumPredicted: z.number().min(0),
  sumSquaredError: z.number().min(0),
});
const StoredTrackRecord = z.object({ updatedAt: z.string(), totals: z.record(z.string(), Sums) });

const trackRecordRef = (db: Firestore) => db.collection(TRACK_RECORD_DOC.collection).doc(TRACK_RECORD_DOC.id);

/** Pages read at once while totting up: bounded memory however many predictions have resolved. */
const PAGE_SIZE = 500;

/** Totals over every resolved user prediction, read in pages of the fields it needs only. */
export async function totalResolvedPredictions(db: Firestore): Promise<TrackRecordTotals> {
  const totals: TrackRecordTotals = {};
  const fields = ['modelId', 'timeFrame', 'status', 'hitProbability', 'predictionType'];
  for (const status of ['hit', 'missed'] as const) {
    const query = buildQuery(db, QUERIES.resolvedPredictions, ['future', status])
      .select(...fields)
      .limit(PAGE_SIZE);
    let page = await query.get();
    while (!page.empty) {
      for (const doc of page.docs) {
        const p = Prediction.pick({
          modelId: true,
          timeFrame: true,
          status: true,
          hitProbability: true,
          predictionType: true,
        }).parse(doc.data());
        addToTrackRecord(totals, p);
      }
      if (page.size < PAGE_SIZE) break;
      page = await query.startAfter(page.docs.at(-1)!).get();
    }
  }
  return totals;
}

export async function saveTrackRecord(db: Firestore, totals: TrackRecordTotals, now: Date): Promise<void> {
  await trackRecordRef(db).set({ updatedAt: now.toISOString(), totals });
}

/** The live track record of one model and time frame; all zero before the first maintenance run. */
export async function liveTrackRecordOf(
  db: Firestore,
  modelId: ModelId,
  timeFrame: TimeFrame,
): Promise<LiveTrackRecord> {
  const parsed = StoredTrackRecord.safeParse((await trackRecordRef(db).get()).data());
  return summarizeTrackRecord(parsed.success ? parsed.data.totals[trackRecordKey(modelId, timeFrame)] : undefined);
}
