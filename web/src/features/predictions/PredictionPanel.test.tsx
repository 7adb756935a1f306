import { ERROR_MESSAGES, summarizeOutcomes, tooManyRequestsMessage } from '@stockseer/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Prediction } from '@stockseer/contract';
import { PREDICTION_TEXT } from './messages';
import { ODDS_TEXT } from './oddsText';
import { PredictionPanel } from './PredictionPanel';
import {
  makeLiveRecord,
  FREE_PREVIEW,
  json,
  makePrediction,
  renderWithProviders,
  stubFetch as stubApi,
  TEST_WALLET,
} from './predictions.testkit';

// The API client asks Firebase for an ID token; the test has no signed-in user, so the request goes without one.
vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const future = (overrides: Partial<Prediction>) =>
  makePrediction({ predictionType: 'future', status: 'active', actualPrice: null, userId: 'u1', ...overrides });

const EXISTING = [
  future({ id: 'old', targetDate: '2026-11-20', createdAt: '2026-11-11T10:00:00.000Z' }),
  future({ id: 'newer', targetDate: '2026-11-24', createdAt: '2026-11-13T10:00:00.000Z', isFree: true }),
];

const get =
  (path: string, body: unknown, status = 200) =>
  (url: URL, init: RequestInit) =>
    url.pathname === path && (init.method ?? 'GET') === 'GET' ? json(body, status) : undefined;

/** Every test's API also answers the cost preview: a free prediction (NewPredictions.test.tsx covers the rest). */
const stubFetch = (...routes: Parameters<typeof stubApi>) =>
  stubApi(...routes, get('/api/predictions/preview', FREE_PREVIEW));

function renderPanel({ isAdmin = false, symbol = 'AAPL' as string | null } = {}) {
  const onWalletChanged = vi.fn();
  const onForecast = vi.fn();
  renderWithProviders(
    <PredictionPanel
      uid="u1"
      symbol={symbol ?? undefined}
      isAdmin={isAdmin}
      onWalletChanged={onWalletChanged}
      onForecast={onForecast}
    />,
  );
  return { onWalletChanged, onForecast };
}

const cards = () => screen.queryAllByRole('article');
const generateButton = () => screen.getByRole('button', { name: /Generat/ });

describe('PredictionPanel', () => {
  it('asks for a stock until one is picked', () => {
    const fetchMock = stubFetch();
    renderPanel({ symbol: null });
    expect(screen.getByText(PREDICTION_TEXT.pickStock)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens on New, short term, with the recommended model: the info note and the caller’s forecasts, newest first', async () => {
    const fetchMock = stubFetch(get('/api/predictions/future', EXISTING));
    const { onForecast } = renderPanel();
    expect(screen.getByRole('tab', { name: PREDICTION_TEXT.new }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Short' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Predicts the closing price 7 trading days ahead/).textContent).toBe(
      ODDS_TEXT.infoNote('short'),
    );
    expect(ODDS_TEXT.infoNote('short')).toMatch(/5 free predictions per month; after that, \$1\.00 is reserved/);
    // Once the preview is in, the note says how many are really left.
    await screen.findByText(ODDS_TEXT.infoNote('short', FREE_PREVIEW.allowance));
    expect(ODDS_TEXT.infoNote('short', FREE_PREVIEW.allowance)).toMatch(/You have 3 of 5 free predictions left/);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]!.getAttribute('aria-label')).toBe('AAPL forecast for Nov 24, 2026');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/predictions/future?symbol=AAPL&modelId=recommended&timeFrame=short',
    );
    // The chart gets the forecast the list leads with.
    expect(onForecast).toHaveBeenLastCalledWith(EXISTING[1]);
  });

  it('says when the caller has no forecast yet', async () => {
    stubFetch(get('/api/predictions/future', []));
    renderPanel();
    expect(await screen.findByText(PREDICTION_TEXT.noFuture)).toBeTruthy();
  });

  it('generates: "Generating..." while busy, then the list is the returned prediction, the wallet refreshed and the cache cleared', async () => {
    const created = future({
      id: 'created',
      targetDate: '2026-11-25',
      createdAt: '2026-11-14T10:00:00.000Z',
      isFree: true,
    });
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch(get('/api/predictions/future', EXISTING), (url) =>
      url.pathname === '/api/predictions/generate' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    const { onWalletChanged } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(generateButton());
    expect(generateButton().textContent).toBe(PREDICTION_TEXT.generating);
    // Busy, but still focusable (a disabled button would drop the keyboard focus): a second click does nothing.
    expect(generateButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(generateButton());
    await waitFor(() => expect(answer).toBeDefined());
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/predictions/generate')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/predictions/generate')!;
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    const futureFetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/predictions/future'));
    const before = futureFetches().length;
    await act(async () => answer(json({ prediction: created, wallet: TEST_WALLET })));

    expect(generateButton().textContent).toBe(PREDICTION_TEXT.generate);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.getAttribute('aria-label')).toBe('AAPL forecast for Nov 25, 2026');
    expect(within(cards()[0]!).getByText('Free')).toBeTruthy();
    expect(onWalletChanged).toHaveBeenCalledWith(TEST_WALLET);
    expect(screen.getByRole('status').textContent).toContain(PREDICTION_TEXT.generated);
    await waitFor(() => expect(futureFetches().length).toBe(before + 1));
    // The refetched list does not replace the prediction just made.
    expect(cards()).toHaveLength(1);
  });

  it('uses a fresh Idempotency-Key for every click', async () => {
    const created = future({ id: 'created' });
    const fetchMock = stubFetch(get('/api/predictions/future', []), (url) =>
      url.pathname === '/api/predictions/generate' ? json({ prediction: created, wallet: TEST_WALLET }) : undefined,
    );
    renderPanel();
    for (let i = 0; i < 2; i++) {
      fireEvent.click(generateButton());
      await waitFor(() => expect(generateButton().textContent).toBe(PREDICTION_TEXT.generate));
    }
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/predictions/generate')
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries with the same Idempotency-Key after an answer that leaves it open whether the prediction was made', async () => {
    const answers = [
      () => json({ message: ERROR_MESSAGES.databaseUnavailable }, 503),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json({ message: tooManyRequestsMessage(5) }, 429),
      () => json({ prediction: future({ id: 'made' }), wallet: TEST_WALLET }),
      () => json({ message: ERROR_MESSAGES.insufficientFunds }, 402),
      () => json({ prediction: future({ id: 'second' }), wallet: TEST_WALLET }),
    ];
    const fetchMock = stubFetch(get('/api/predictions/future', []), (url) =>
      url.pathname === '/api/predictions/generate' ? answers.shift()!() : undefined,
    );
    renderPanel();
    await screen.findByText(PREDICTION_TEXT.noFuture);
    for (let i = 0; i < 6; i++) {
      fireEvent.click(generateButton());
      await waitFor(() => expect(answers).toHaveLength(5 - i));
      await waitFor(() => expect(generateButton().textContent).toBe(PREDICTION_TEXT.generate));
    }
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/predictions/generate')
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    // 503, no answer, 429, then success: one key. After a success and after a refusal: a new one each.
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(new Set(keys).size).toBe(3);
  });

  it("shows the server's message when generating is refused, and keeps the list", async () => {
    const message = ERROR_MESSAGES.insufficientFunds;
    stubFetch(get('/api/predictions/future', EXISTING), (url) =>
      url.pathname === '/api/predictions/generate' ? json({ message }, 402) : undefined,
    );
    const { onWalletChanged } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(cards()).toHaveLength(2);
    expect(onWalletChanged).not.toHaveBeenCalled();
  });

  it('falls back to the generic text when the request never reached the server', async () => {
    stubFetch(get('/api/predictions/future', []), (url) => {
      if (url.pathname === '/api/predictions/generate') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderPanel();
    await screen.findByText(PREDICTION_TEXT.noFuture);
    fireEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain(PREDICTION_TEXT.generateFailed);
  });

  it('toasts when the future list cannot be fetched', async () => {
    stubFetch(get('/api/predictions/future', { message: 'boom' }, 500));
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain(PREDICTION_TEXT.futureFailed);
  });

  it('shows Past predictions newest target first with the accuracy badge, per timeframe', async () => {
    const historical = {
      predictions: [
        makePrediction({ id: 'h1', targetDate: '2026-09-01', status: 'missed', actualPrice: 180 }),
        makePrediction({ id: 'h2', targetDate: '2026-10-01', status: 'hit' }),
      ],
      naiveBaseline: { hits: 1, resolved: 2 },
      driftBaseline: { hits: 2, resolved: 2 },
      liveTrackRecord: makeLiveRecord(12, 5, 0.451),
    };
    const fetchMock = stubFetch(get('/api/predictions/future', []), get('/api/predictions/historical', historical));
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: PREDICTION_TEXT.past }));
    fireEvent.click(screen.getByRole('tab', { name: 'Medium' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'AAPL forecast for Oct 01, 2026',
      'AAPL forecast for Sep 01, 2026',
    ]);
    expect(screen.getByText('1 out of 2 predictions hit target')).toBeTruthy();
    expect(screen.getByText('Accuracy 50.0%').className).toContain('accuracy-fair');
    expect(screen.getByText('Naive "no change" forecast: 50.0%')).toBeTruthy();
    expect(screen.getByText('Drift forecast: 100.0%')).toBeTruthy();
    expect(screen.getByText('Live: 12 resolved, 42% hit, 45% expected')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/predictions/historical?symbol=AAPL&modelId=recommended&timeFrame=medium',
    );
  });

  it('says when there is no back-test, and toasts when it cannot be fetched', async () => {
    const noFuture = get('/api/predictions/future', []);
    stubFetch(
      noFuture,
      get('/api/predictions/historical', {
        predictions: [],
        naiveBaseline: { hits: 0, resolved: 0 },
        driftBaseline: { hits: 0, resolved: 0 },
        liveTrackRecord: summarizeOutcomes(undefined),
      }),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: PREDICTION_TEXT.past }));
    expect(await screen.findByText(PREDICTION_TEXT.noPast)).toBeTruthy();
    expect(screen.queryByText(/^Accuracy/)).toBeNull();

    vi.unstubAllGlobals();
    stubFetch(noFuture, get('/api/predictions/historical', { message: 'down' }, 503));
    fireEvent.click(screen.getByRole('tab', { name: 'Long' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PREDICTION_TEXT.historicalFailed);
  });

  it('gives everyone a labelled select of the models, and asks for the chosen one', async () => {
    const fetchMock = stubFetch(get('/api/predictions/future', []));
    renderPanel();
    const select = screen.getByLabelText(PREDICTION_TEXT.modelSelectLabel) as HTMLSelectElement;
    expect(select.value).toBe('recommended');
    expect([...select.options].map((o) => o.text)).toEqual(['Recommended', 'Prophet', 'ARIMA', 'XGBoost']);
    expect(screen.queryByRole('group', { name: PREDICTION_TEXT.modelPickerTitle })).toBeNull();
    fireEvent.change(select, { target: { value: 'arima' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/predictions/future?symbol=AAPL&modelId=arima&timeFrame=short',
      ),
    );
  });

  it("gives the admin the titled picker with each model's description", () => {
    stubFetch(get('/api/predictions/future', []));
    renderPanel({ isAdmin: true });
    const picker = screen.getByRole('group', { name: PREDICTION_TEXT.modelPickerTitle });
    const radios = within(picker).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['recommended', 'prophet', 'arima', 'xgboost']);
    expect(radios[0]!.checked).toBe(true);
    expect(within(picker).getByRole('radio', { name: /XGBoost/ })).toBeTruthy();
  });
});
