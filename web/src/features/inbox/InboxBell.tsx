import './inbox.css';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../components/useDismiss';
import { INBOX_TEXT } from './messages';
import { useInbox } from './inboxApi';
import { InboxPanel } from './InboxPanel';

/** More than this many unread reads "99+" on the badge (the button's name says the number). */
const BADGE_MAX = 99;

/**
 * The header's bell (docs/product.md#inbox): the unread count on a badge and in the button's name ("Notifications,
 * 3 unread"); pressing it opens the inbox below it. Escape or a click elsewhere closes it, and the focus goes back
 * to the bell.
 */
export default function InboxBell({ uid }: { uid: string }) {
  const inbox = useInbox(uid);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = inbox.data?.unreadCount ?? 0;

  useDismiss(open, { container, opener: bell, close: useCallback(() => setOpen(false), []) });

  const toggle = () => {
    // What the panel shows is fresh when it opens.
    if (!open) void inbox.mutate();
    setOpen(!open);
  };

  return (
    <div className="inbox" ref={container}>
      <button
        ref={bell}
        type="button"
        className="inbox-bell"
        aria-label={INBOX_TEXT.bell(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path
            d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 && (
          <span className="inbox-badge" aria-hidden="true">
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <InboxPanel
          id={panelId}
          uid={uid}
          inbox={inbox}
          onClose={() => {
            setOpen(false);
            bell.current?.focus();
          }}
          onLeave={() => setOpen(false)}
        />
      )}
    </div>
  );
}
