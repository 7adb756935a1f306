import { ERROR_MESSAGES } from '@stockseer/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PredictionPreview } from '@stockseer/contract';
import { polyfillDialog } from '../../components/dialog.testkit';
import { PREDICTION_TEXT } from './messages';
import { NewPredictions } from './NewPredictions';
import { hitChanceText, ODDS_TEXT } from './oddsText';
import { FREE_PREVIEW, json, makePrediction, renderWithProviders, stubFetch, TEST_WALLET } from './predictions.testkit';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));
afterEach(() => vi.unstubAllGlobals());
polyfillDialog();

const QUERY = { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' } as const;
const made = makePrediction({
  id: 'made',
  predictionType: 'future',
  status: 'active',
  actualPrice: null,
  userId: 'u1',
});
const PAID: PredictionPreview = {
  ...FREE_PREVIEW,
  cost: { kind: 'reserve', amountCents: 100, expectedCostCents: 46 },
  allowance: { freeLeft: 0, resetDate: '2026-12-12' },
};

function setUp(preview: PredictionPreview | 'unavailable', generated: { duplicate: boolean } = { duplicate: false }) {
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/predictions/future') return json([]);
    if (url.pathname === '/api/predictions/preview')
      return preview === 'unavailable' ? json({ message: 'Too many requests' }, 429) : json(preview);
    if (url.pathname === '/api/predictions/generate' && init.method === 'POST')
      return json({ prediction: made, wallet: TEST_WALLET, ...generated });
    return undefined;
  });
  renderWithProviders(
    <NewPredictions
      uid="u1"
      query={QUERY}
      onWalletChanged={vi.fn()}
      onForecast={vi.fn()}
      addFunds={<button type="button">{ODDS_TEXT.addFunds}</button>}
    />,
  );
  const generateCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/predictions/generate');
  return { generateCalls };
}
const generateButton = () => screen.getByRole('button', { name: PREDICTION_TEXT.generate });

describe('NewPredictions: the price of the next click', () => {
  it('shows the chance of a hit and the free count, and generates a free one without asking', async () => {
    const { generateCalls } = setUp(FREE_PREVIEW);
    await screen.findByText(hitChanceText(0.46));
    // What a hit is, before the click: the preview's own hit range and target date (issue 24).
    expect(screen.getByText('Hits if AAPL closes between $202.50 and $210.50 on Nov 23, 2026')).toBeTruthy();
    expect(screen.getByText(ODDS_TEXT.free(3))).toBeTruthy();
    expect(ODDS_TEXT.free(3)).toBe('Free: 3 of 5 left this month');
    fireEvent.click(generateButton());
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('brings the new card into view, where on a phone it lands below the fold', async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record what is asked to be scrolled to.
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      setUp(FREE_PREVIEW);
      await screen.findByText(ODDS_TEXT.free(3));
      fireEvent.click(generateButton());
      const card = await screen.findByRole('article');
      await waitFor(() => expect(scrolled).toEqual([card]));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('asks before a paid click, with the amount; Cancel makes nothing, Reserve generates', async () => {
    const { generateCalls } = setUp(PAID);
    await screen.findByText(ODDS_TEXT.reserve(100, 46));
    expect(ODDS_TEXT.reserve(100, 46)).toBe('$1.00 reserved, charged only if it hits (expected cost $0.46)');
    fireEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) });
    expect(dialog.textContent).toContain('$1.00');
    // Enter on the opening dialog cancels: a second Enter after Generate must not spend.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: ODDS_TEXT.cancel }));
    fireEvent.click(within(dialog).getByRole('button', { name: ODDS_TEXT.cancel }));
    expect(generateCalls()).toHaveLength(0);

    fireEvent.click(generateButton());
    const again = await screen.findByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) });
    fireEvent.click(within(again).getByRole('button', { name: ODDS_TEXT.confirm(100) }));
    await waitFor(() => expect(generateCalls()).toHaveLength(1));
  });

  it('with no free prediction left, says plainly that each forecast reserves $1.00', async () => {
    setUp(PAID);
    const note = await screen.findByText(/You have no free predictions left this month/);
    expect(note.textContent).toBe(
      'Predicts the closing price 7 trading days ahead. You have no free predictions left this month (renewed on Dec 12, 2026): each forecast reserves $1.00 from your wallet until the target date, charged if it hits, otherwise released back to you.',
    );
    expect(note.textContent).toBe(ODDS_TEXT.infoNote('short', PAID.allowance));
  });

  it('still asks before a click whose cost could not be checked', async () => {
    const { generateCalls } = setUp('unavailable');
    await screen.findByText(ODDS_TEXT.previewFailed);
    fireEvent.click(generateButton());
    const dialog = await screen.findByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) });
    expect(dialog.textContent).toContain(ODDS_TEXT.confirmBody(100, null));
    expect(generateCalls()).toHaveLength(0);
  });

  it('turns Generate into Add funds when the wallet cannot pay, and says why with the smallest top-up', async () => {
    setUp({
      ...PAID,
      cost: {
        kind: 'insufficient',
        amountCents: 100,
        balanceCents: 0,
        message: ERROR_MESSAGES.insufficientFunds,
      },
    });
    const note = await screen.findByRole('note');
    // Said once: the contract's text names the smallest top-up, and the preview adds nothing to it.
    expect(note.textContent).toBe(ERROR_MESSAGES.insufficientFunds);
    expect(ERROR_MESSAGES.insufficientFunds).toContain('top-ups start at $5.00');
    // One way on: the add-funds button where Generate was, and no Generate that could only answer with a toast.
    expect(screen.getAllByRole('button', { name: ODDS_TEXT.addFunds })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: PREDICTION_TEXT.generate })).toBeNull();
  });

  it('says "You already have this forecast" and points out its card, without a success toast', async () => {
    setUp({ ...FREE_PREVIEW, cost: { kind: 'duplicate', predictionId: 'made' } }, { duplicate: true });
    fireEvent.click(await screen.findByRole('button', { name: PREDICTION_TEXT.generate }));
    await screen.findByText(ODDS_TEXT.duplicate, { selector: '.duplicate-note' });
    const card = screen.getByRole('article');
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(screen.queryByText(PREDICTION_TEXT.generated)).toBeNull();
  });
});
