import {
  MarkNotificationsRead,
  NotificationsQuery,
  type NotificationsPage,
  type UnreadCount,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { inboxPage, markInboxRead } from '../../services/inbox/inbox';

/** The caller's inbox (docs/product.md#inbox): the caller's own records, like the watchlist. */
export function notificationRoutes({ db }: AppDeps): ApiRoute[] {
  return [
    get('/notifications', 'signedIn', async (req, res) => {
      const query = parseInput(NotificationsQuery, req.query);
      res.json((await inboxPage(db, callerOf(req), query)) satisfies NotificationsPage);
    }),

    post('/notifications/read', 'liveSession', async (req, res) => {
      const body = parseInput(MarkNotificationsRead, req.body);
      res.json((await markInboxRead(db, callerOf(req), body)) satisfies UnreadCount);
    }),
  ];
}
