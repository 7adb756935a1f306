import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PaymentAlertsCard } from './PaymentAlertsCard';
import { ALERTS_TEXT } from './alertsText';
import { fakeApi, renderWithProviders } from './admin.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment alerts of the Admin tab', () => {
  it('lists each alert with its Stripe event, type and why', async () => {
    fakeApi({
      'GET /api/admin/alerts': {
        body: [
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
        ],
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

  it('says when there is nothing to look at, and when the alerts cannot be loaded', async () => {
    fakeApi({ 'GET /api/admin/alerts': { body: [] } });
    const { unmount } = renderWithProviders(<PaymentAlertsCard />);
    expect(await screen.findByText(ALERTS_TEXT.empty)).toBeTruthy();
    unmount();
    fakeApi({ 'GET /api/admin/alerts': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<PaymentAlertsCard />);
    expect(await screen.findByText(ALERTS_TEXT.failed)).toBeTruthy();
  });
});
