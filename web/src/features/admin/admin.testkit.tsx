import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Prediction } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';

// Helpers for this feature's tests: a fake of our API at the fetch boundary, the app's providers, sample rows.

export interface Call {
  method: string;
  /** Path and query, e.g. `/api/predictions/all?limit=100`. */
  url: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body: unknown;
}

/** `'GET /api/admin/users'` (path without query) to its answer; a function sees the call. */
export type Routes = Record<string, Reply | ((call: Call) => Reply)>;

/**
 * Replaces fetch (a mock, so a test can read a request's headers): each request is answered from `routes` and
 * recorded; anything else is a loud 404.
 */
export function fakeApi(routes: Routes) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const call = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { message: url } });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The headers the app sent with the calls to `url` (path and query) so far, in order. */
export function headersOf(url: string): Record<string, string>[] {
  const fetchMock = vi.mocked(fetch) as unknown as { mock: { calls: [string, RequestInit?][] } };
  return fetchMock.mock.calls.filter(([input]) => input === url).map(([, init]) => ({ ...(init?.headers as object) }));
}

/**
 * A fresh SWR cache per test (no retries, as in the app), the toasts, and the router at `path`: the Admin tab's own
 * (`/`) or a user's page (`/admin/users/:uid`), as the app routes them.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={ui} />
            <Route path="/admin/users/:uid" element={ui} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

/** An active paid short-term ARIMA forecast of KO by ada; tests override what they look at. */
export const aPrediction = (overrides: Partial<Prediction> = {}): Prediction => ({
  id: 'p1',
  symbol: 'KO',
  modelId: 'arima',
  modelName: 'ARIMA',
  timeFrame: 'short',
  predictionType: 'future',
  predictionDate: '2025-06-02',
  priceAtPrediction: 70,
  targetDate: '2025-06-11',
  targetPrice: 71,
  lowerPrice: 68,
  upperPrice: 74,
  hitLow: 70.5,
  hitHigh: 71.5,
  actualPrice: null,
  status: 'active',
  isFree: false,
  hitProbability: 0.46,
  userId: 'u-ada',
  userEmail: 'ada@example.com',
  createdAt: '2025-06-02T21:00:00.000Z',
  ...overrides,
});
