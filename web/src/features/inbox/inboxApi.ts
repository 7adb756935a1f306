import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { NotificationsPage, UnreadCount, type MarkNotificationsRead, type Notification } from '@stockseer/contract';
import { api } from '../../lib/api';

const PATH = '/api/notifications';
/**
 * Entries come from the nightly maintenance and the rare Stripe event: the bell asks again every few minutes while
 * the app is open (and when the panel opens), not on every render.
 */
export const INBOX_REFRESH_MS = 5 * 60_000;

// Keyed by user, so that after a switch of account no one sees the previous account's entries.
const inboxKey = (uid: string) => [PATH, uid] as const;

/** The newest page of the user's inbox and their unread count (docs/product.md#inbox). */
export function useInbox(uid: string) {
  return useSWR(inboxKey(uid), ([path]) => api(path, NotificationsPage), {
    refreshInterval: INBOX_REFRESH_MS,
    dedupingInterval: 10_000,
  });
}

/** The page of entries older than `cursor` (the id of the last one shown). */
export const olderNotifications = (cursor: string) =>
  api(`${PATH}?cursor=${encodeURIComponent(cursor)}`, NotificationsPage);

/** An entry as it reads once `change` marked it. */
export const markedRead = (n: Notification, change: MarkNotificationsRead): Notification =>
  change.all || change.ids?.includes(n.id) ? { ...n, read: true } : n;

/** Marks entries read on the server, then shows them read with the server's unread count (no refetch). */
export function useMarkRead(uid: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (change: MarkNotificationsRead) => {
      const { unreadCount } = await api(`${PATH}/read`, UnreadCount, { body: change });
      await mutate(
        inboxKey(uid),
        (page?: NotificationsPage) =>
          page && { ...page, unreadCount, notifications: page.notifications.map((n) => markedRead(n, change)) },
        { revalidate: false },
      );
    },
    [mutate, uid],
  );
}
