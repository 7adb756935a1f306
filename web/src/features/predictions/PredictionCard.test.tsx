import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MODEL_LABELS, type CostLabel, type LiveStatus, type Prediction } from '@stockseer/contract';
import { CARD_TEXT } from './messages';
import { PredictionCard } from './PredictionCard';
import { makePrediction } from './predictions.testkit';

const renderCard = (overrides: Partial<Prediction> = {}) => {
  render(<PredictionCard prediction={makePrediction(overrides)} />);
  return screen.getByRole('article');
};

/** The value shown under a card's label (a <dt>/<dd> pair). */
const fact = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PredictionCard', () => {
  it('shows the prediction date and price, and the target with its change from the price at prediction', () => {
    const card = renderCard();
    expect(card.getAttribute('aria-label')).toBe('AAPL forecast for Nov 23, 2026');
    expect(fact(card, CARD_TEXT.predicted)).toBe('Nov 12, 2026$200.00');
    expect(fact(card, CARD_TEXT.target)).toBe('Nov 23, 2026$206.50 (+3.3%)');
  });

  it('shows the 80% range and the hit range with its rule', () => {
    const card = renderCard();
    expect(fact(card, CARD_TEXT.range)).toBe('$195.25 – $217.75');
    expect(card.textContent).toContain('Hits if the close on Nov 23, 2026 is within $202.50 – $210.50');
  });

  it('shows the actual close with its change once resolved, the status in words and the model', () => {
    const card = renderCard({ actualPrice: 190.1, status: 'missed' });
    expect(fact(card, CARD_TEXT.actual)).toBe('$190.10 (-5.0%)');
    expect(within(card).getByText('Missed')).toBeTruthy();
    expect(within(card).getByText('Prophet')).toBeTruthy();
  });

  it.each([
    ['recommended', 'Recommended (ARIMA)'],
    ['arima', 'ARIMA'],
    [undefined, 'ARIMA'],
  ] as const)('names the model of a forecast asked as %s: %s', (modelChoice, shown) => {
    const card = renderCard({ modelId: 'arima', modelName: MODEL_LABELS.arima, modelChoice });
    expect(card.querySelector('.prediction-model')?.textContent).toBe(shown);
  });

  it("says 'Pending' while active", () => {
    const card = renderCard({ actualPrice: null, status: 'active' });
    expect(fact(card, CARD_TEXT.actual)).toBe(CARD_TEXT.pending);
    expect(within(card).getByText('Active')).toBeTruthy();
  });

  it.each([
    [true, 'active', 'Free'],
    [true, 'hit', 'Free'],
    [false, 'active', 'Reserved $1'],
    [false, 'hit', 'Fee $1'],
    [false, 'missed', 'No Fee'],
  ] as const)('a user forecast (isFree %s, %s) costs %s', (isFree, status, label: CostLabel) => {
    const card = renderCard({
      predictionType: 'future',
      isFree,
      status,
      actualPrice: status === 'active' ? null : 205,
    });
    expect(card.textContent).toContain(`${CARD_TEXT.cost}: ${label}`);
  });

  it('shows no cost for a back-test: it belongs to no one', () => {
    expect(renderCard().textContent).not.toContain(CARD_TEXT.cost);
  });

  it('shows how an open forecast stands now, and nothing of it once resolved', () => {
    const live: LiveStatus = {
      predictionId: 'p1',
      lastClose: 204.1,
      lastCloseDate: '2026-11-18',
      position: 'inside',
      tradingDaysLeft: 3,
      chanceNow: 0.55,
      path: [{ date: '2026-11-12', close: 200 }],
    };
    const { rerender } = render(<PredictionCard prediction={makePrediction({ status: 'active' })} live={live} />);
    expect(screen.getByRole('article').textContent).toContain('Chance of a hit now: 55%');
    rerender(<PredictionCard prediction={makePrediction({ status: 'hit', actualPrice: 205 })} live={live} />);
    expect(screen.getByRole('article').textContent).not.toContain('Chance of a hit now');
  });
});
