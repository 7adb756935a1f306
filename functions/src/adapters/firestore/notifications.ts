/**
 * The in-app inbox's store (docs/product.md#inbox): `users/{uid}/notifications/{id}`, beside the user's document.
 * Entries are created by the writers of the changes they report, inside those changes' transactions
 * (`notificationWrite`); the user reads them and flips `read`, nothing else.
 */
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { Notification, type NotificationsPage, type NotificationsQuery } from '@stockseer/contract';
import { validationError } from '../../domain/errors';
import type { WalletStep } from '../../domain/ledger';
import type { NotificationDraft } from '../../domain/notifications';
import { chunk } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';

/** Ids marked read per batch, and unread entries read per page when marking all. */
const MARK_PAGE = 400;

/** A user's inbox collection. */
export const inboxOf = (db: Firestore, userId: string) =>
  db.collection(COLLECTIONS.users).doc(userId).collection(COLLECTIONS.notifications);

/**
 * The document of a new entry and its fields, for `create` in the transaction (or batch) of its change: `create`
 * fails if the entry exists, a second guard beside the change's own idempotency. `userId` is stored too, for the
 * collection-group readers (a run's Web Push summaries).
 */
export function notificationWrite(
  db: Firestore,
  userId: string,
  { id, ...fields }: NotificationDraft,
  now: Date,
): [DocumentReference, Record<string, unknown>] {
  return [inboxOf(db, userId).doc(id), { ...fields, userId, read: false, createdAt: Timestamp.fromDate(now) }];
}

/** A wallet writer's step with the inbox entry to write when it applies (none: it says nothing to the user). */
export type NoticedStep = WalletStep & { notice?: NotificationDraft };

/** A wallet commit's `alsoWrite` that writes the entry of each step it applied, in its transaction. */
export function writeStepNotices(db: Firestore, userId: string, now: Date) {
  return (tx: Transaction, applied: readonly { step: NoticedStep }[]) => {
    for (const { step } of applied) if (step.notice) tx.create(...notificationWrite(db, userId, step.notice, now));
  };
}

/** A stored entry as the API answers it (createdAt as ISO). */
export function storedNotification(snap: DocumentSnapshot): Notification {
  const data = snap.data() ?? {};
  const createdAt = data.createdAt instanceof Timestamp ? data.createdAt.toDate().toISOString() : data.createdAt;
  return Notification.parse({ ...data, id: snap.id, createdAt });
}

/** A page of the user's inbox, newest first, and the count of all their unread entries. */
export async function notificationPage(
  db: Firestore,
  userId: string,
  { limit, cursor }: NotificationsQuery,
): Promise<NotificationsPage> {
  const inbox = inboxOf(db, userId);
  let query = buildQuery(inbox, QUERIES.userNotifications, []).limit(limit);
  if (cursor) {
    const last = await inbox.doc(cursor).get();
    if (!last.exists) throw validationError('cursor must be the id of a notification from the previous page');
    query = query.startAfter(last);
  }
  const [page, unreadCount] = await Promise.all([query.get(), countUnread(db, userId)]);
  return {
    notifications: page.docs.map(storedNotification),
    unreadCount,
    nextCursor: page.size === limit ? page.docs.at(-1)!.id : null,
  };
}

export async function countUnread(db: Firestore, userId: string): Promise<number> {
  const counted = await buildQuery(inboxOf(db, userId), QUERIES.unreadNotifications, [false]).count().get();
  return counted.data().count;
}

/** Marks the user's entries of these ids read; an id that names none of theirs changes nothing. */
export async function markRead(db: Firestore, userId: string, ids: readonly string[]): Promise<void> {
  const inbox = inboxOf(db, userId);
  for (const part of chunk([...new Set(ids)], MARK_PAGE)) {
    const snaps = await db.getAll(...part.map((id) => inbox.doc(id)));
    await markSnapsRead(
      db,
      snaps.filter((s) => s.exists && s.get('read') === false),
    );
  }
}

/** Marks every unread entry of the user read, a page at a time. */
export async function markAllRead(db: Firestore, userId: string): Promise<void> {
  const unread = buildQuery(inboxOf(db, userId), QUERIES.unreadNotifications, [false]).limit(MARK_PAGE);
  for (;;) {
    const page = await unread.get();
    await markSnapsRead(db, page.docs);
    if (page.size < MARK_PAGE) return;
  }
}

async function markSnapsRead(db: Firestore, snaps: readonly DocumentSnapshot[]): Promise<void> {
  if (snaps.length === 0) return;
  const batch = db.batch();
  // `update` (not set): an entry is never brought back by marking it.
  for (const snap of snaps) batch.update(snap.ref, { read: true });
  await batch.commit();
}
