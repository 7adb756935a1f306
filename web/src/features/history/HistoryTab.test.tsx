import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TIME_FRAME_LABELS } from '@stockseer/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Prediction } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { HistoryTab } from './HistoryTab';
import { COLUMNS, HISTORY_TEXT } from './messages';
import { userPrediction } from './predictions.testkit';

// The API client asks Firebase for an ID token; the test has no signed-in user, so the request goes without one.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The HTTP boundary: `GET /api/predictions/user` answers with `body` and `status`. */
function answerWith(body: unknown, status = 200) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTab() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>
        <HistoryTab uid="u1" />
      </ToastProvider>
    </SWRConfig>,
  );
}

const PREDICTIONS: Prediction[] = [
  userPrediction({ id: 'm', symbol: 'MSFT', timeFrame: 'medium', status: 'missed', isFree: false, actualPrice: 90 }),
  userPrediction({
    id: 'a-old',
    symbol: 'AAPL',
    targetDate: '2026-10-01',
    status: 'hit',
    isFree: false,
    actualPrice: 102,
  }),
  userPrediction({ id: 'a-new', symbol: 'AAPL', targetDate: '2026-12-01' }),
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const rowTexts = () => bodyRows().map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('HistoryTab', () => {
  it("shows the caller's predictions in the History columns, sorted by ticker then newest target", async () => {
    const fetchMock = answerWith(PREDICTIONS);
    renderTab();
    expect(screen.getByRole('heading', { name: HISTORY_TEXT.title })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/predictions/user');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(Object.values(COLUMNS));
    expect(rowTexts()).toEqual([
      [
        `AAPLARIMA · ${TIME_FRAME_LABELS.short}`,
        'Nov 12, 2026$100.00',
        'Dec 01, 2026$103.00Chance of a hit: 46%',
        'ActivePending',
        'Free',
      ],
      [
        `AAPLARIMA · ${TIME_FRAME_LABELS.short}`,
        'Nov 12, 2026$100.00',
        'Oct 01, 2026$103.00Chance of a hit: 46%',
        'Hit$102.00 (+2.0%)',
        'Fee $1',
      ],
      [
        `MSFTARIMA · ${TIME_FRAME_LABELS.medium}`,
        'Nov 12, 2026$100.00',
        'Nov 23, 2026$103.00Chance of a hit: 46%',
        'Missed$90.00 (-10.0%)',
        'No Fee',
      ],
    ]);
  });

  it('filters by status, timeframe and ticker, and says when nothing matches', async () => {
    answerWith(PREDICTIONS);
    renderTab();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.statusFilter), { target: { value: 'hit' } });
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.statusFilter), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.timeFrameFilter), { target: { value: 'medium' } });
    expect(rowTexts().map((cells) => cells[0])).toEqual([`MSFTARIMA · ${TIME_FRAME_LABELS.medium}`]);
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.timeFrameFilter), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.tickerSearch), { target: { value: 'aap' } });
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText(HISTORY_TEXT.count(2, 3))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.tickerSearch), { target: { value: 'nvda' } });
    expect(screen.getByText(HISTORY_TEXT.empty)).toBeTruthy();
    expect((screen.getByRole('button', { name: HISTORY_TEXT.download }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('with no prediction at all, says there are none yet rather than blaming the filters', async () => {
    answerWith([]);
    renderTab();
    expect(await screen.findByText(HISTORY_TEXT.noneYet)).toBeTruthy();
    expect(screen.queryByText(HISTORY_TEXT.empty)).toBeNull();
  });

  it('offers the filtered rows as a CSV file download', async () => {
    answerWith(PREDICTIONS);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:history');
    // jsdom has no object URLs: lend it the two functions for this test only.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.href).toBe('blob:history');
      expect(this.download).toMatch(/^stockseer-predictions-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    renderTab();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(HISTORY_TEXT.tickerSearch), { target: { value: 'msft' } });
    fireEvent.click(screen.getByRole('button', { name: HISTORY_TEXT.download }));

    expect(click).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const lines = (await blob.text()).split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^MSFT,ARIMA,Medium \(30 days\),/);
  });

  it('toasts when the history cannot be fetched', async () => {
    answerWith({ message: 'down' }, 500);
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain(HISTORY_TEXT.failed);
  });
});
