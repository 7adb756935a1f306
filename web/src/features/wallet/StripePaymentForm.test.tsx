import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import StripePaymentForm from './StripePaymentForm';
import { ADD_FUNDS_TEXT } from './messages';

// Offline, js.stripe.com cannot be reached: Stripe's loader fails.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: () => Promise.reject(new Error('Failed to load Stripe.js')) }));

describe('the Stripe payment form', () => {
  it('says payments are unavailable instead of waiting when Stripe.js cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <StripePaymentForm
        publishableKey="pk_test_x"
        paymentIntentId="pi_1"
        clientSecret="pi_1_secret_x"
        amountDollars={20}
        payLabel="Pay $20.00"
        processing={false}
        onPay={() => {}}
      />,
    );
    expect(screen.getByText(ADD_FUNDS_TEXT.loadingForm)).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(ADD_FUNDS_TEXT.unavailable);
  });
});
