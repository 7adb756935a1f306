import type { Firestore } from 'firebase-admin/firestore';
import type { RunNotification } from '../../domain/push/summary';
import { COLLECTIONS } from './db';

/**
 * The notifications a maintenance run wrote (users/{uid}/notifications, each with the `runId` of the run that wrote
 * it), as its push summaries read them.
 */
const NOTIFICATIONS = 'notifications';
/** Notifications read per page while planning: only their paths, to find the users. */
const PLAN_PAGE = 1000;

/** The users the run wrote a notification for, each once. */
export async function usersNotifiedInRun(db: Firestore, runId: string): Promise<string[]> {
  const users = new Set<string>();
  const query = db.collectionGroup(NOTIFICATIONS).where('runId', '==', runId).orderBy('__name__').select().limit(PLAN_PAGE);
  let page = await query.get();
  for (;;) {
    for (const doc of page.docs) {
      const owner = doc.ref.parent.parent;
      if (owner?.parent.id === COLLECTIONS.users) users.add(owner.id);
    }
    if (page.size < PLAN_PAGE) break;
    page = await query.startAfter(page.docs.at(-1)!).get();
  }
  return [...users];
}

/** What the run wrote for one user. */
export async function runNotificationsOf(db: Firestore, uid: string, runId: string): Promise<RunNotification[]> {
  const snap = await db
    .collection(COLLECTIONS.users)
    .doc(uid)
    .collection(NOTIFICATIONS)
    .where('runId', '==', runId)
    .get();
  return snap.docs.map((doc) => ({
    kind: String(doc.get('kind')),
    amountCents: (doc.get('amountCents') as number | null | undefined) ?? null,
  }));
}
