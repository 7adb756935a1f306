import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import {
  summarizeOutcomes,
  type ForecastTerms,
  type LiveTrackRecord,
  type Prediction,
  type PredictionPreview,
  type Wallet,
} from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';

/** The terms of the test forecast, the same in the predictions and the cost preview below. */
const TERMS: ForecastTerms = {
  predictionDate: '2026-11-12',
  priceAtPrediction: 200,
  targetDate: '2026-11-23',
  targetPrice: 206.5,
  lowerPrice: 195.25,
  upperPrice: 217.75,
  hitLow: 202.5,
  hitHigh: 210.5,
};

/** A resolved back-test of AAPL by default; tests override what they look at. */
export function makePrediction(overrides: Partial<Prediction> = {}): Prediction {
  return {
    id: 'p1',
    symbol: 'AAPL',
    modelId: 'prophet',
    modelName: 'Prophet',
    timeFrame: 'short',
    predictionType: 'historical',
    ...TERMS,
    actualPrice: 204,
    status: 'hit',
    isFree: false,
    hitProbability: 0.46,
    userId: null,
    userEmail: null,
    createdAt: '2026-11-12T21:00:00.000Z',
    ...overrides,
  };
}

/** A live track record of `resolved` forecasts, `hits` of them hits, each said with the same `chance`. */
export function makeLiveRecord(resolved: number, hits: number, chance: number): LiveTrackRecord {
  const summary = summarizeOutcomes(undefined);
  const bin = Math.min(9, Math.floor(chance * 10));
  return {
    ...summary,
    resolved,
    hits,
    meanPredicted: chance,
    brier: 0.2,
    reliability: summary.reliability.map((b, i) =>
      i === bin ? { ...b, count: resolved, hits, meanPredicted: chance } : b,
    ),
  };
}

/** The cost preview of a caller with 3 of 5 free predictions left. */
export const FREE_PREVIEW: PredictionPreview = {
  symbol: 'AAPL',
  modelId: 'arima',
  modelName: 'ARIMA',
  timeFrame: 'short',
  hitProbability: 0.46,
  ...TERMS,
  cost: { kind: 'free' },
  allowance: { freeLeft: 3, resetDate: '2026-12-12' },
};

export const TEST_WALLET: Wallet = {
  userId: 'u1',
  balance: 0,
  reservedBalance: 0,
  chargedBalance: 0,
  freePredictions: 4,
  resetDate: '2026-12-12',
  createdAt: '2026-11-12T21:00:00.000Z',
  updatedAt: '2026-11-12T21:00:00.000Z',
};

type Route = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces the HTTP boundary: each request goes to the first route that answers it; anything else is a 404, so a
 * request the test did not expect fails loudly. Returns the mock to inspect the calls.
 */
export function stubFetch(...routes: Route[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    for (const route of routes) {
      const response = await route(url, init);
      if (response) return response;
    }
    return json({ message: `unexpected ${init.method ?? 'GET'} ${url.pathname}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders with a fresh SWR cache per test (no retries, as in the app) and the toast provider. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  );
}
