import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from './db';

/**
 * A run's summary pushed to a user, at most once (docs/product.md#web-push): `users/{uid}/pushedSummaries/{runId}`,
 * created before the push goes out, so that a retried shard finds it and pushes nothing twice. Its counts, written
 * after, are what the run reports (the same across retries: counted from the documents, not per attempt).
 */
const PUSHED_SUMMARIES = 'pushedSummaries';

const summaryRef = (db: Firestore, uid: string, runId: string) =>
  db.collection(COLLECTIONS.users).doc(uid).collection(PUSHED_SUMMARIES).doc(runId);

/** The gRPC code of a create that found its document there already. */
const ALREADY_EXISTS = 6;

/** True when this call claimed the run's summary for the user; false when an earlier attempt had. */
export async function claimRunSummary(db: Firestore, uid: string, runId: string, now: Date): Promise<boolean> {
  try {
    await summaryRef(db, uid, runId).create({ runId, claimedAt: now.toISOString(), sentCount: 0, goneCount: 0 });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
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

/** The counts of the run's summaries to these users, as recorded (users with none count nothing). */
export async function pushCountsOf(db: Firestore, runId: string, uids: readonly string[]): Promise<PushCounts> {
  const total: PushCounts = { sentCount: 0, goneCount: 0 };
  if (uids.length === 0) return total;
  const snaps = await db.getAll(...uids.map((uid) => summaryRef(db, uid, runId)));
  for (const snap of snaps) {
    total.sentCount += Number(snap.get('sentCount') ?? 0);
    total.goneCount += Number(snap.get('goneCount') ?? 0);
  }
  return total;
}
