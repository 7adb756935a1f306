/**
 * `GET /api/track-record` (issue 24): the public track record of every model and time frame, back-tested and live,
 * aggregates only (domain/trackRecord.ts decides what is shown).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { PublicTrackRecord } from '@stockseer/contract';
import { publicTrackRecordRows } from '../domain/trackRecord';
import { backtestTrackRecordTotals, liveTrackRecordTotals } from '../adapters/firestore/trackRecord';

export async function publicTrackRecord(db: Firestore, now: Date): Promise<PublicTrackRecord> {
  const [live, backtest] = await Promise.all([liveTrackRecordTotals(db), backtestTrackRecordTotals(db)]);
  return { asOf: now.toISOString(), rows: publicTrackRecordRows(live, backtest) };
}
