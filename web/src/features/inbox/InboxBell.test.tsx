import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Notification } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { reportNetworkFailure, reportReachable } from '../../lib/online';
import InboxBell from './InboxBell';
import { INBOX_TEXT, notificationText } from './messages';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const base = { createdAt: '2026-11-25T22:30:00.000Z', read: false, runId: 'run-1' };
const HIT: Notification = {
  ...base,
  id: 'resolved:p1',
  kind: 'prediction.hit',
  amountCents: 100,
  predictionId: 'p1',
  symbol: 'AAPL',
  timeFrame: 'short',
  isFree: false,
  transactionId: 'settle:p1',
};
const MISS_FREE: Notification = {
  ...base,
  id: 'resolved:p2',
  kind: 'prediction.missed',
  amountCents: 0,
  predictionId: 'p2',
  symbol: 'KO',
  timeFrame: 'medium',
  isFree: true,
  transactionId: null,
};
const RENEWED: Notification = {
  ...base,
  id: 'renewed:2026-12-25',
  kind: 'allowance.renewed',
  amountCents: 0,
  freePredictions: 5,
  resetDate: '2026-12-25',
};
const REFUND: Notification = {
  ...base,
  id: 'refund:re_1',
  kind: 'topUp.refunded',
  runId: null,
  read: true,
  amountCents: 2000,
  paymentIntentId: 'pi_1',
  transactionId: 'top-up-refund:pi_1:re_1',
};

/** A server holding `entries` (newest first): a page of them, and marking read as the API does. */
function server(entries: Notification[], { failList = false } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const unreadCount = () => entries.filter((n) => !n.read).length;
    if (url.pathname === '/api/notifications') {
      if (failList) return json({ message: 'down' }, 503);
      return json({ notifications: entries, unreadCount: unreadCount(), nextCursor: null });
    }
    const change = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
    entries = entries.map((n) => (change.all || change.ids?.includes(n.id) ? { ...n, read: true } : n));
    return json({ unreadCount: unreadCount() });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const renderBell = () =>
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ToastProvider>
          <InboxBell uid="u1" />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </ToastProvider>
      </SWRConfig>
    </MemoryRouter>,
  );

const markCalls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/notifications/read'))
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => reportReachable());
afterEach(() => vi.unstubAllGlobals());

describe('the inbox bell', () => {
  it('names the unread count, opens the inbox newest first in plain words, and marks all read', async () => {
    const fetchMock = server([HIT, MISS_FREE, RENEWED, REFUND]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(bell.textContent).toBe('3');

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: INBOX_TEXT.title });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: INBOX_TEXT.title }));
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.inbox-item-text')!.textContent)).toEqual([
      'Unread: AAPL 7-day forecast hit: $1.00 charged',
      'Unread: KO 30-day forecast missed: free, nothing charged',
      'Unread: Your 5 free predictions for this month are ready',
      '$20.00 of a top-up refunded to your card',
    ]);
    expect(within(items[0]!).getByRole('link', { name: INBOX_TEXT.viewPrediction }).getAttribute('href')).toBe(
      '/history?prediction=p1',
    );
    expect(within(items[3]!).getByRole('link', { name: INBOX_TEXT.viewLine }).getAttribute('href')).toBe(
      '/wallet?line=top-up-refund%3Api_1%3Are_1',
    );

    fireEvent.click(within(panel).getByRole('button', { name: INBOX_TEXT.markAllRead }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(markCalls(fetchMock)).toEqual([{ all: true }]);
    expect(within(panel).queryAllByText(/^Unread:/)).toEqual([]);
    expect(within(panel).queryByRole('button', { name: INBOX_TEXT.markAllRead })).toBeNull();
  });

  it('marks one read, and following a link marks it read, closes the inbox and goes there', async () => {
    const fetchMock = server([HIT, MISS_FREE, RENEWED]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: INBOX_TEXT.markReadOf(notificationText(RENEWED)) }));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(markCalls(fetchMock)).toEqual([{ ids: [RENEWED.id] }]);

    fireEvent.click(screen.getAllByRole('link', { name: INBOX_TEXT.viewPrediction })[0]!);
    expect(screen.getByTestId('where').textContent).toBe('/history?prediction=p1');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(markCalls(fetchMock)).toContainEqual({ ids: [HIT.id] }));
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    server([HIT]);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when there is nothing yet, and when the inbox cannot be loaded', async () => {
    server([]);
    const { unmount } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(INBOX_TEXT.empty)).toBeTruthy();
    unmount();

    server([HIT], { failList: true });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(INBOX_TEXT.failed)).toBeTruthy();
  });

  it('offline, keeps the list and says marking read waits for the connection', async () => {
    const fetchMock = server([HIT, RENEWED]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await screen.findByText(notificationText(HIT));
    act(() => reportNetworkFailure());

    expect(screen.getByText(INBOX_TEXT.needsConnection)).toBeTruthy();
    const markAll = screen.getByRole('button', { name: INBOX_TEXT.markAllRead });
    expect(markAll.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(markAll);
    expect(markCalls(fetchMock)).toEqual([]);
    expect(screen.getByText(notificationText(RENEWED))).toBeTruthy();
  });
});
