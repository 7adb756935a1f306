/**
 * The live track record (issue 24): each forecast is added as it resolves (adapters/firestore/trackRecord.ts). Daily
 * maintenance calls this before it plans a run, so a database whose record predates that gets its base once.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { backfillLiveTrackRecord } from '../adapters/firestore/trackRecord';
import { log } from '../adapters/logging/log';

export async function ensureLiveTrackRecord(db: Firestore, now: Date): Promise<void> {
  if (await backfillLiveTrackRecord(db, now))
    log.info('maintenance: the live track record was counted once from every resolved forecast');
}
