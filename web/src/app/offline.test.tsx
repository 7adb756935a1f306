import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast/ToastProvider';
import { polyfillDialog } from '../components/dialog.testkit';
import { NewPredictions } from '../features/predictions/NewPredictions';
import { PREDICTION_TEXT } from '../features/predictions/messages';
import { ODDS_TEXT } from '../features/predictions/oddsText';
import {
  FREE_PREVIEW,
  json,
  makePrediction,
  stubFetch,
  TEST_WALLET,
} from '../features/predictions/predictions.testkit';
import { AddFundsDialog } from '../features/wallet/AddFundsDialog';
import { WALLET_TEXT } from '../features/wallet/messages';
import { OFFLINE_TEXT, RECONNECT_PROBE_MS, reportReachable } from '../lib/online';
import { OfflineBanner } from './layout/OfflineBanner';
import { swrDefaults } from './swrDefaults';

vi.mock('../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));
polyfillDialog();

let online = true;
function goOnline(now: boolean) {
  online = now;
  act(() => {
    window.dispatchEvent(new Event(now ? 'online' : 'offline'));
  });
}
beforeEach(() => {
  online = true;
  reportReachable();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'onLine');
  vi.useRealTimers();
});

const QUERY = { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' } as const;
const mine = makePrediction({
  id: 'mine',
  predictionType: 'future',
  status: 'active',
  actualPrice: null,
  userId: 'u1',
});

/** The app's own SWR settings (a new cache per render, as on a page load) around the panel and the banner. */
const renderApp = () =>
  render(
    <SWRConfig value={swrDefaults}>
      <ToastProvider>
        <OfflineBanner />
        <NewPredictions uid="u1" query={QUERY} onWalletChanged={vi.fn()} onForecast={vi.fn()} addFunds={null} />
        <AddFundsDialog uid="u1" />
      </ToastProvider>
    </SWRConfig>,
  );
const serverUp = () =>
  stubFetch((url) => {
    if (url.pathname === '/api/predictions/future') return json([mine]);
    if (url.pathname === '/api/predictions/preview') return json(FREE_PREVIEW);
    if (url.pathname === '/api/wallet') return json({ wallet: TEST_WALLET });
    return undefined;
  });
const generateButton = () => screen.getByRole('button', { name: PREDICTION_TEXT.generate });
const addFundsButton = () => screen.getByRole('button', { name: WALLET_TEXT.addFunds });

/** A first visit, online: the forecasts are loaded and kept; then the page goes away. */
async function loadOnceOnline() {
  serverUp();
  const first = renderApp();
  await screen.findByRole('article');
  await waitFor(() => expect(localStorage.length).toBe(1));
  first.unmount();
}

describe('a reload while offline', () => {
  it('shows one offline notice and what was last loaded, asks nothing, and keeps money buttons off until back online', async () => {
    await loadOnceOnline();

    // The reload, offline: no request can succeed.
    online = false;
    const unreachable = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp();
    expect(screen.getByRole('status')).toHaveProperty('textContent', `${OFFLINE_TEXT.title} ${OFFLINE_TEXT.reason}`);
    expect(screen.getByRole('article').getAttribute('aria-label')).toContain('AAPL forecast');
    for (const button of [generateButton(), addFundsButton()]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      const reason = document.getElementById(button.getAttribute('aria-describedby')!);
      expect(reason?.textContent).toBe(OFFLINE_TEXT.moneyNeedsConnection);
    }
    fireEvent.click(generateButton());
    fireEvent.click(addFundsButton());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unreachable).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(PREDICTION_TEXT.futureFailed)).toBeNull();
    expect(screen.queryAllByRole('alert')).toEqual([]);

    // Back online: the notice goes, the buttons come back, and what is shown is asked again, by itself.
    const server = serverUp();
    goOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT.title)).toBeNull();
    expect(generateButton().getAttribute('aria-disabled')).not.toBe('true');
    expect(addFundsButton().getAttribute('aria-disabled')).toBeNull();
    await waitFor(() =>
      expect(server.mock.calls.map(([url]) => String(url))).toContain(
        '/api/predictions/future?symbol=AAPL&modelId=recommended&timeFrame=short',
      ),
    );
    await screen.findByText(ODDS_TEXT.free(3));
  });

  it('finds itself offline when the browser says online but no request gets an answer, and probes until one does', async () => {
    await loadOnceOnline();

    // Chromium after an offline reload: navigator.onLine is true, yet nothing answers.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp();
    await screen.findByText(OFFLINE_TEXT.title);
    await screen.findByRole('article');
    expect(generateButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText(PREDICTION_TEXT.futureFailed)).toBeNull();
    expect(screen.queryAllByRole('alert')).toEqual([]);

    const server = serverUp();
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_PROBE_MS));
    await waitFor(() => expect(screen.queryByText(OFFLINE_TEXT.title)).toBeNull());
    expect(server.mock.calls.map(([url]) => String(url))).toContain('/api/health');
    await waitFor(() =>
      expect(server.mock.calls.map(([url]) => String(url))).toContain(
        '/api/predictions/future?symbol=AAPL&modelId=recommended&timeFrame=short',
      ),
    );
    expect(generateButton().getAttribute('aria-disabled')).not.toBe('true');
  });

  it('starts from an empty cache online, as before: nothing kept is shown in place of an answer', async () => {
    localStorage.setItem(
      'stockseer-swr-cache',
      JSON.stringify([['@"/api/predictions/future","u1","AAPL","recommended","short",', [mine]]]),
    );
    stubFetch((url) => (url.pathname === '/api/predictions/future' ? json([]) : json(FREE_PREVIEW)));
    renderApp();
    await screen.findByText(PREDICTION_TEXT.noFuture);
    expect(screen.queryByRole('article')).toBeNull();
  });
});
