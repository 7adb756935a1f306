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
        ],
      },
    });
    renderWithProviders(<PaymentAlertsCard />);
    const [alert] = await screen.findAllByRole('listitem');
    if (!alert) throw new Error('no alert listed');
    expect(alert.textContent).toContain('PaymentIntent pi_1 has amount 10.5');
    expect(alert.textContent).toContain('evt_1 · payment_intent.succeeded · Nov 24, 2026');
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
