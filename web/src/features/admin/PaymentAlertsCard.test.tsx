import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PaymentAlertsCard } from './PaymentAlertsCard';
import { ALERTS_TEXT } from './alertsText';
import { fakeApi, renderWithProviders } from './admin.testkit';
import { ALERTS_PAGE_SIZE } from './adminApi';
import { ADMIN_TEXT } from './messages';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page of alerts as the server answers it: the last one unless `nextCursor` says where the next starts. */
const page = (alerts: object[], nextCursor: string | null = null) => ({ alerts, nextCursor });

/** A webhook alert, `minutesAgo` before the last one. */
const anAlert = (minutesAgo: number) => ({
  id: `webhook:evt_${minutesAgo}`,
  eventId: `evt_${minutesAgo}`,
  eventType: 'payment_intent.succeeded',
  reason: `Alert ${minutesAgo}`,
  createdAt: new Date(Date.parse('2026-11-25T12:00:00.000Z') - minutesAgo * 60_000).toISOString(),
});

describe('the payment alerts of the Admin tab', () => {
  it('lists each alert with its Stripe event, type and why', async () => {
    fakeApi({
      'GET /api/admin/alerts': {
        body: page([
          {
            id: 'webhook:evt_1',
            eventId: 'evt_1',
            eventType: 'payment_intent.succeeded',
            reason: 'PaymentIntent pi_1 has amount 10.5, not a positive whole number of cents',
            createdAt: '2026-11-24T12:00:00.000Z',
          },
          {
            id: 'books:run-1:u1',
            eventId: 'run-1',
            eventType: 'books.discrepancy',
            reason: 'The books of wallet u1 do not balance: wallet holds 2200 cents but received 2000 and gave back 0',
            createdAt: '2026-11-25T03:00:00.000Z',
            walletId: 'u1',
            transactionIds: ['deposit:pi_1', 'reserve:p1'],
          },
        ]),
      },
    });
    renderWithProviders(<PaymentAlertsCard />);
    const [alert, books] = await screen.findAllByRole('listitem');
    if (!alert || !books) throw new Error('alerts not listed');
    expect(alert.textContent).toContain('PaymentIntent pi_1 has amount 10.5');
    expect(alert.textContent).toContain('evt_1 · payment_intent.succeeded · Nov 24, 2026');
    expect(alert.textContent).not.toContain(ALERTS_TEXT.wallet);
    expect(books.textContent).toContain('run-1 · books.discrepancy');
    expect(books.textContent).toContain('Wallet u1 · lines deposit:pi_1, reserve:p1');
  });

  it('shows the newest page first, and the next page after the last one loaded on "Load more" until there is none', async () => {
    const newest = Array.from({ length: ALERTS_PAGE_SIZE }, (_, i) => anAlert(i));
    const older = [anAlert(ALERTS_PAGE_SIZE), anAlert(ALERTS_PAGE_SIZE + 1)];
    const calls = fakeApi({
      'GET /api/admin/alerts': ({ url }) =>
        url.includes('cursor=') ? { body: page(older) } : { body: page(newest, newest.at(-1)!.id) },
    });
    renderWithProviders(<PaymentAlertsCard />);
    const list = await screen.findByRole('list', { name: ALERTS_TEXT.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(newest.map((alert) => alert.reason));
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(ALERTS_PAGE_SIZE + 2));
    expect(within(list).getAllByRole('listitem').at(-1)!.firstChild?.textContent).toBe(older.at(-1)!.reason);
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.loadMore })).toBeNull();
    const cursor = encodeURIComponent(newest.at(-1)!.id);
    // SWR reads the first page again with the next one: the same two pages.
    expect(new Set(calls.map((call) => call.url))).toEqual(
      new Set([
        `/api/admin/alerts?limit=${ALERTS_PAGE_SIZE}`,
        `/api/admin/alerts?limit=${ALERTS_PAGE_SIZE}&cursor=${cursor}`,
      ]),
    );
  });

  it('says when there is nothing to look at, and when the alerts cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/alerts': { body: page([]) } });
    const { unmount } = renderWithProviders(<PaymentAlertsCard />);
    expect(await screen.findByText(ALERTS_TEXT.empty)).toBeTruthy();
    unmount();
    fakeApi({ 'GET /api/admin/alerts': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<PaymentAlertsCard />);
    expect(await screen.findByText(ALERTS_TEXT.failed)).toBeTruthy();
  });
});
