import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import type { MarkNotificationsRead, Notification, NotificationsPage } from '@stockseer/contract';
import { NotLoaded } from '../../components/NotLoaded';
import { useNeedsConnection } from '../../components/NeedsConnection';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { markedRead, olderNotifications, useMarkRead } from './inboxApi';
import { INBOX_TEXT, notificationLink, notificationText } from './messages';

interface Props {
  id: string;
  uid: string;
  inbox: SWRResponse<NotificationsPage>;
  /** Closes the panel and gives the focus back to the bell. */
  onClose: () => void;
  /** Closes the panel as a link leads elsewhere (the focus goes where the link leads). */
  onLeave: () => void;
}

/**
 * The open inbox: newest first, unread ones marked, each in plain words with a link to what it reports; mark one or
 * all read. Older pages load on demand. Offline, the last loaded list stays and marking waits for the connection.
 */
export function InboxPanel({ id, uid, inbox, onClose, onLeave }: Props) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { toast } = useToast();
  const markRead = useMarkRead(uid);
  const { offline, buttonProps, reason } = useNeedsConnection(INBOX_TEXT.needsConnection);
  // `cursor` undefined: no older page loaded yet, the first page's cursor leads on.
  const [older, setOlder] = useState<{ items: Notification[]; cursor?: string | null }>({ items: [] });
  const [busy, setBusy] = useState(false);

  useEffect(() => title.current?.focus(), []);

  const page = inbox.data;
  // A refresh of the first page may have moved entries into it that an older page holds too.
  const items = page && [
    ...page.notifications,
    ...older.items.filter((o) => !page.notifications.some((n) => n.id === o.id)),
  ];
  const cursor = older.cursor === undefined ? (page?.nextCursor ?? null) : older.cursor;
  const unread = page?.unreadCount ?? 0;

  const mark = async (change: MarkNotificationsRead) => {
    if (offline || busy) return;
    setBusy(true);
    try {
      await markRead(change);
      setOlder((o) => ({ ...o, items: o.items.map((n) => markedRead(n, change)) }));
      // The pressed button is gone with the unread mark: the focus stays in the inbox.
      title.current?.focus();
    } catch (error) {
      toast({
        title: INBOX_TEXT.markFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const showOlder = async () => {
    if (!cursor || busy) return;
    setBusy(true);
    try {
      const next = await olderNotifications(cursor);
      setOlder((o) => ({ items: [...o.items, ...next.notifications], cursor: next.nextCursor }));
    } catch {
      toast({ title: INBOX_TEXT.failed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id={id} className="inbox-panel popover" role="dialog" aria-labelledby={titleId}>
      <div className="inbox-head">
        <h2 id={titleId} ref={title} tabIndex={-1}>
          {INBOX_TEXT.title}
        </h2>
        {unread > 0 && (
          <button type="button" className="link-button" {...buttonProps} onClick={() => void mark({ all: true })}>
            {INBOX_TEXT.markAllRead}
          </button>
        )}
        <button type="button" className="inbox-close" aria-label={INBOX_TEXT.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {reason}
      {items === undefined ? (
        <div className="inbox-state">
          <NotLoaded
            error={inbox.error}
            failedText={INBOX_TEXT.failed}
            loadingText={INBOX_TEXT.loading}
            onRetry={inbox.mutate}
          />
        </div>
      ) : items.length === 0 ? (
        <div className="inbox-state">
          <p className="inbox-empty">{INBOX_TEXT.empty}</p>
          <p className="muted">{INBOX_TEXT.emptyHint}</p>
        </div>
      ) : (
        <ul className="inbox-list">
          {items.map((n) => (
            <InboxItem
              key={n.id}
              notification={n}
              markProps={buttonProps}
              onMark={() => void mark({ ids: [n.id] })}
              onFollow={() => {
                if (!n.read && !offline) void markRead({ ids: [n.id] }).catch(() => {});
                onLeave();
              }}
            />
          ))}
        </ul>
      )}
      {cursor && items && (
        <button type="button" className="button button-outline inbox-more" onClick={() => void showOlder()}>
          {INBOX_TEXT.more}
        </button>
      )}
    </section>
  );
}

function InboxItem({
  notification: n,
  markProps,
  onMark,
  onFollow,
}: {
  notification: Notification;
  /** What marks the button unavailable offline (useNeedsConnection). */
  markProps: ReturnType<typeof useNeedsConnection>['buttonProps'];
  onMark: () => void;
  onFollow: () => void;
}) {
  const text = notificationText(n);
  const link = notificationLink(n);
  return (
    <li className={n.read ? 'inbox-item' : 'inbox-item inbox-item-unread'}>
      <span className="inbox-dot" aria-hidden="true" />
      <div className="inbox-item-body">
        <p className="inbox-item-text">
          {!n.read && <span className="visually-hidden">{INBOX_TEXT.unread}: </span>}
          <span>{text}</span>
        </p>
        <p className="inbox-item-meta">
          <time dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>
          {link && (
            <Link to={link.to} onClick={onFollow}>
              {link.label}
            </Link>
          )}
          {!n.read && (
            <button
              type="button"
              className="link-button"
              aria-label={INBOX_TEXT.markReadOf(text)}
              {...markProps}
              onClick={onMark}
            >
              {INBOX_TEXT.markRead}
            </button>
          )}
        </p>
      </div>
    </li>
  );
}
