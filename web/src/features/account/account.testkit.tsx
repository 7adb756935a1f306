import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { AccountExport, ClosurePreview } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';

// Helpers for this feature's component tests: the app's providers and the API's answers.

/** A fresh SWR cache per test and the toasts. */
export function renderAccount(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  );
}

/** The closure: $37.50 Available, two open paid predictions, two top-ups to refund, the newest first. */
export const aPreview: ClosurePreview = {
  refusal: null,
  availableCents: 3750,
  openPaidPredictions: [
    { id: 'p1', symbol: 'KO', timeFrame: 'short', targetDate: '2026-12-07' },
    { id: 'p2', symbol: 'AAPL', timeFrame: 'long', targetDate: '2027-04-08' },
  ],
  openFreePredictions: 1,
  refunds: [
    { paymentIntentId: 'pi_b', toppedUpAt: '2026-11-20T15:00:00.000Z', topUpCents: 1950, refundCents: 1950 },
    { paymentIntentId: 'pi_a', toppedUpAt: '2026-11-02T15:00:00.000Z', topUpCents: 2000, refundCents: 2000 },
  ],
  refundTotalCents: 3950,
  forfeitCents: 0,
};

export const anExport: AccountExport = {
  exportedAt: '2026-11-26T20:00:00.000Z',
  profile: {
    id: 'u1',
    displayName: 'Ada Lovelace',
    email: 'ada@example.test',
    photoURL: null,
    isAdmin: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  },
  wallet: {
    userId: 'u1',
    balance: 1900,
    reservedBalance: 100,
    chargedBalance: 0,
    freePredictions: 0,
    resetDate: '2026-12-02',
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
  },
  predictions: [
    {
      id: 'p1',
      symbol: 'KO',
      modelId: 'arima',
      modelName: 'ARIMA',
      timeFrame: 'short',
      predictionType: 'future',
      predictionDate: '2026-11-20',
      priceAtPrediction: 60,
      targetDate: '2026-12-01',
      targetPrice: 61.5,
      lowerPrice: 58,
      upperPrice: 64,
      hitLow: 60.27,
      hitHigh: 62.73,
      actualPrice: null,
      status: 'active',
      isFree: false,
      hitProbability: 0.41,
      userId: 'u1',
      userEmail: 'ada@example.test',
      createdAt: '2026-11-20T15:00:00.000Z',
    },
  ],
  statement: [
    {
      id: 'reserve:p1',
      walletId: 'u1',
      type: 'reservation',
      amount: 100,
      ticker: 'KO',
      description: 'Reserved for KO prediction',
      date: '2026-11-20T15:00:00.000Z',
      createdAt: '2026-11-20T15:00:00.000Z',
      prediction: { modelName: 'ARIMA', timeFrame: 'short' },
      effect: { available: -100, reserved: 100, charged: 0 },
      after: { available: 1900, reserved: 100, charged: 0 },
    },
    {
      id: 'deposit:pi_a',
      walletId: 'u1',
      type: 'deposit',
      amount: 2000,
      ticker: null,
      description: 'Stripe payment: $20.00',
      date: '2026-11-02T15:00:00.000Z',
      createdAt: '2026-11-02T15:00:00.000Z',
      prediction: null,
      effect: { available: 2000, reserved: 0, charged: 0 },
      after: { available: 2000, reserved: 0, charged: 0 },
    },
  ],
  payments: [
    {
      paymentIntentId: 'pi_a',
      date: '2026-11-02T15:00:00.000Z',
      amountCents: 2000,
      refundedCents: 0,
      disputedCents: 0,
      refundableCents: 2000,
      takenBack: [],
    },
  ],
};
