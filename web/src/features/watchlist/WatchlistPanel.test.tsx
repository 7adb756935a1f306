import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { WATCHLIST_FULL_MESSAGE, type WatchlistRow } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { reportReachable } from '../../lib/online';
import { WATCHLIST_TEXT } from './messages';
import { StarButton } from './StarButton';
import { WatchlistPanel } from './WatchlistPanel';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const KO: WatchlistRow = {
  symbol: 'KO',
  lastClose: 61.25,
  lastCloseDate: '2026-11-24',
  dayChange: -0.5,
  dayChangeFraction: -0.5 / 61.75,
  chances: {
    short: { modelId: 'arima', modelName: 'ARIMA', hitProbability: 0.42 },
    medium: { modelId: 'prophet', modelName: 'Prophet', hitProbability: 0.31 },
    long: null,
  },
  alertAtLeastPercent: null,
  alertedChance: null,
};

/** A server with a watchlist; a star past `full` stars answers the limit's 409. */
function server(rows: WatchlistRow[], full = 50) {
  const stars = rows.map((r) => r.symbol);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/watchlist') return json({ rows: rows.filter((r) => stars.includes(r.symbol)) });
    const { symbol, atLeastPercent } = JSON.parse(String(init.body)) as { symbol: string; atLeastPercent?: number };
    if (url.pathname === '/api/watchlist/alert') {
      rows.find((r) => r.symbol === symbol)!.alertAtLeastPercent = atLeastPercent ?? null;
      return json({ symbol, atLeastPercent });
    }
    if (url.pathname === '/api/watchlist/star') {
      if (stars.length >= full) return json({ message: WATCHLIST_FULL_MESSAGE }, 409);
      stars.push(symbol);
      rows.push({ ...KO, symbol, chances: { short: null, medium: null, long: null } });
    }
    if (url.pathname === '/api/watchlist/unstar') stars.splice(stars.indexOf(symbol), 1);
    return json({ symbols: stars });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderWith = (ui: React.ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  );

let online = true;
beforeEach(() => {
  online = true;
  reportReachable();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'onLine');
});

describe('WatchlistPanel', () => {
  it("lists each starred stock's last close, day change and today's chances, and opens a stock", async () => {
    server([{ ...KO }]);
    const onSelect = vi.fn();
    renderWith(<WatchlistPanel uid="u1" onSelect={onSelect} />);
    const row = (await screen.findByRole('button', { name: WATCHLIST_TEXT.open('KO') })).closest('tr')!;
    expect(row.textContent).toContain('$61.25');
    expect(row.textContent).toContain('-$0.50 (-0.8%)');
    expect(row.textContent).toContain('42%');
    expect(row.textContent).toContain('ARIMA');
    expect(row.textContent).toContain(WATCHLIST_TEXT.notPrepared);
    fireEvent.click(within(row).getByRole('button', { name: WATCHLIST_TEXT.open('KO') }));
    expect(onSelect).toHaveBeenCalledWith('KO');
  });

  it("sets a star's alert on the 7-day chance, and says when today's run found it reached", async () => {
    const fetchMock = server([{ ...KO, alertedChance: 0.62, alertAtLeastPercent: 60 }]);
    renderWith(<WatchlistPanel uid="u1" onSelect={vi.fn()} />);
    const select = await screen.findByRole('combobox', { name: WATCHLIST_TEXT.alertLabel('KO') });
    expect((select as HTMLSelectElement).value).toBe('60');
    expect(screen.getByText(WATCHLIST_TEXT.alerted('62%'))).toBeTruthy();
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(''));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/alert'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ symbol: 'KO', atLeastPercent: null });
  });

  it('says so when nothing is starred', async () => {
    server([]);
    renderWith(<WatchlistPanel uid="u1" onSelect={vi.fn()} />);
    expect(await screen.findByText(WATCHLIST_TEXT.empty)).toBeTruthy();
  });
});

describe('StarButton', () => {
  it('stars and unstars the stock, pressed while it is watched; the panel follows', async () => {
    server([]);
    renderWith(
      <>
        <StarButton uid="u1" symbol="MSFT" />
        <WatchlistPanel uid="u1" onSelect={vi.fn()} />
      </>,
    );
    const star = await screen.findByRole('button', { name: WATCHLIST_TEXT.star('MSFT') });
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await screen.findByRole('button', { name: WATCHLIST_TEXT.open('MSFT') });
    const starred = screen.getAllByRole('button', { name: WATCHLIST_TEXT.unstar('MSFT') });
    expect(starred.every((b) => b.getAttribute('aria-pressed') === 'true')).toBe(true);
    // The panel may show the star before the card's button has finished its change; a press while busy is ignored.
    await waitFor(() => expect(starred[0]!.hasAttribute('aria-busy')).toBe(false));
    fireEvent.click(starred[0]!);
    expect(await screen.findByText(WATCHLIST_TEXT.empty)).toBeTruthy();
  });

  it("tells the server's reason when the watchlist is full", async () => {
    server([{ ...KO }], 1);
    renderWith(<StarButton uid="u1" symbol="MSFT" />);
    const star = await screen.findByRole('button', { name: WATCHLIST_TEXT.star('MSFT') });
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByText(WATCHLIST_FULL_MESSAGE)).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('is off while offline, with the reason, and sends nothing', async () => {
    const fetchMock = server([{ ...KO }]);
    renderWith(<StarButton uid="u1" symbol="KO" />);
    const star = await screen.findByRole('button', { name: WATCHLIST_TEXT.unstar('KO') });
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(star.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(WATCHLIST_TEXT.starNeedsConnection)).toBeTruthy();
    expect(star.getAttribute('aria-describedby')).toBe(screen.getByText(WATCHLIST_TEXT.starNeedsConnection).id);
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(star);
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
