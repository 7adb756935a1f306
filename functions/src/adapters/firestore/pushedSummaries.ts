import type { Firestore } from 'firebase-admin/firestore';
import { chunk } from '../../domain/maintenance/runs';
import { isAlreadyExists } from './alreadyExists';
import { COLLECTIONS } from './db';

/**
 * A run's summary pushed to a user, at most once (docs/product.md#web-push): `users/{uid}/pushedSummaries/{runId}`,
 * created before the push goes out, so that a retried shard finds it and pushes nothing twice. Its counts, written
 * after, are what the run reports (the same across retries: counted from the documents, not per attempt).
 */
const summaryRef = (db: Firestore, uid: string, runId: string) =>
  db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.pushedSummaries).doc(runId);

/** True when this call claimed the run's summary for the user; false when an earlier attempt had. */
export async function claimRunSummary(db: Firestore, uid: string, runId: string, now: Date): Promise<boolean> {
  try {
    await summaryRef(db, uid, runId).create({ runId, claimedAt: now.toISOString(), sentCount: 0, goneCount: 0 });
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

export interface PushCounts {
  sentCount: number;
  goneCount: number;
}

/** What the push of a claimed summary did: devices reached, and devices removed as gone. */
export async function recordPushCounts(db: Firestore, uid: string, runId: string, counts: PushCounts): Promise<void> {
  await summaryRef(db, uid, runId).update({ ...counts });
}

/** Summaries read per batched get when counting. */
const COUNT_PAGE = 300;

/** The counts of the run's summaries to these users, as recorded (users with none count nothing). */
export async function pushCountsOf(db: Firestore, runId: string, uids: readonly string[]): Promise<PushCounts> {
  const total: PushCounts = { sentCount: 0, goneCount: 0 };
  for (const part of chunk(uids, COUNT_PAGE)) {
    const snaps = await db.getAll(...part.map((uid) => summaryRef(db, uid, runId)));
    for (const snap of snaps) {
      total.sentCount += Number(snap.get('sentCount') ?? 0);
      total.goneCount += Number(snap.get('goneCount') ?? 0);
    }
  }
  return total;
}
