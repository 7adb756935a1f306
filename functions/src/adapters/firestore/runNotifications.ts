import type { Firestore } from 'firebase-admin/firestore';
import type { Notification } from '@stockseer/contract';
import { inboxOf, storedNotification } from './notifications';
import { buildQuery, QUERIES } from './queries';

/**
 * The inbox entries a maintenance run wrote (each carries the `runId` of its run), as the run's Web Push summaries
 * read them (docs/product.md#web-push).
 */

/** Entries read per page while planning: only their owners are kept. */
const PLAN_PAGE = 1000;

/** The users the run wrote an entry for, each once. */
export async function usersNotifiedInRun(db: Firestore, runId: string): Promise<string[]> {
  const users = new Set<string>();
  const query = buildQuery(db, QUERIES.notificationsOfRun, [runId]).select('userId').limit(PLAN_PAGE);
  let page = await query.get();
  for (;;) {
    for (const doc of page.docs) users.add(doc.get('userId') as string);
    if (page.size < PLAN_PAGE) break;
    page = await query.startAfter(page.docs.at(-1)!).get();
  }
  return [...users];
}

/** What the run wrote in one user's inbox. */
export async function runNotificationsOf(db: Firestore, uid: string, runId: string): Promise<Notification[]> {
  const snap = await buildQuery(inboxOf(db, uid), QUERIES.userNotificationsOfRun, [runId]).get();
  return snap.docs.map(storedNotification);
}
