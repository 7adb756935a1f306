import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { TransactionLine, WalletFigures } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';

// Helpers for this feature's component tests: the app's providers, and a fake of our API and the Stripe sandbox.

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => { status: number; body: unknown } | 'network-error';

/** Replaces fetch: each request goes to `handle` by URL and is recorded (form bodies as plain objects). */
export function fakeServer(handle: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const raw = init.body;
    const body =
      raw instanceof URLSearchParams ? Object.fromEntries(raw) : typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const call = {
      method: init.method ?? 'GET',
      url: String(input),
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply = handle(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

export { polyfillDialog } from '../../components/dialog.testkit';

function Location() {
  const { pathname, search } = useLocation();
  return <span data-testid="location">{pathname + search}</span>;
}

/** A fresh SWR cache per test, the toasts, a router at `url`, and the current location in `data-testid=location`. */
export function renderWallet(ui: ReactNode, url = '/') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <ToastProvider>
          {ui}
          <Location />
        </ToastProvider>
      </SWRConfig>
    </MemoryRouter>,
  );
}

export const aWallet = {
  userId: 'u1',
  balance: 2000,
  reservedBalance: 100,
  chargedBalance: 300,
  freePredictions: 3,
  resetDate: '2026-12-22',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

/** A signed-in account as the Wallet tab gets it. */
export const anAccount = {
  uid: 'u1',
  name: 'Ada Lovelace',
  initials: 'AL',
  email: 'ada@example.com',
  photoURL: null,
  memberSince: '2026-01-02T12:00:00.000Z',
  isAdmin: false,
};

const NO_MONEY: WalletFigures = { available: 0, reserved: 0, charged: 0 };

/**
 * A Payment History line as the server sends it (a deposit-like line of 2026-11-20 unless told): the test states what
 * it moved (`effect`) and the figures after it (`after`), each figure not given being 0.
 */
export const aLine = ({
  effect,
  after,
  ...fields
}: Partial<Omit<TransactionLine, 'effect' | 'after'>> &
  Pick<TransactionLine, 'id' | 'type' | 'description'> & {
    effect?: Partial<WalletFigures>;
    after?: Partial<WalletFigures>;
  }): TransactionLine => ({
  walletId: 'u1',
  amount: 100,
  ticker: null,
  date: '2026-11-20T15:00:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
  prediction: null,
  ...fields,
  effect: { ...NO_MONEY, ...effect },
  after: { ...NO_MONEY, ...after },
});

/** Stripe's refund of a $5 top-up: $5 out of Available, leaving `after`. */
export const aTopUpRefundLine = (after: Partial<WalletFigures>) =>
  aLine({
    id: 'top-up-refund:pi_1:re_1',
    type: 'top_up_refund',
    amount: 500,
    description: 'Refund of Stripe payment: $5.00',
    effect: { available: -500 },
    after,
  });
