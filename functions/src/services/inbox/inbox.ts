/**
 * The caller's inbox (docs/product.md#inbox): a page of it, newest first, with the unread count the bell shows; and
 * marking entries read, some by id or all at once, answered with the unread count after.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { MarkNotificationsRead, NotificationsPage, NotificationsQuery, UnreadCount } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import { countUnread, markAllRead, markRead, notificationPage } from '../../adapters/firestore/notifications';

export function inboxPage(db: Firestore, caller: Caller, query: NotificationsQuery): Promise<NotificationsPage> {
  return notificationPage(db, caller.uid, query);
}

export async function markInboxRead(
  db: Firestore,
  caller: Caller,
  { ids }: MarkNotificationsRead,
): Promise<UnreadCount> {
  // The contract admits `ids` or `all: true`, never both.
  if (ids) await markRead(db, caller.uid, ids);
  else await markAllRead(db, caller.uid);
  return { unreadCount: await countUnread(db, caller.uid) };
}
