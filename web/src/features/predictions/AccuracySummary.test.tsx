import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { PredictionStatus } from '@stockseer/contract';
import { AccuracySummary } from './AccuracySummary';
import { PREDICTION_TEXT } from './messages';
import { ODDS_TEXT } from './oddsText';
import { makePrediction } from './predictions.testkit';

const predictionsWith = (statuses: PredictionStatus[]) =>
  statuses.map((status, i) => makePrediction({ id: `p${i}`, status }));

const badge = () => screen.getByText(/^Accuracy /);

describe('AccuracySummary', () => {
  it('counts hits out of resolved predictions and shows the naive baseline beside the badge', () => {
    render(
      <AccuracySummary
        predictions={predictionsWith(['hit', 'hit', 'hit', 'missed', 'missed', 'active'])}
        naiveBaseline={{ hits: 7, resolved: 20 }}
        driftBaseline={{ hits: 8, resolved: 20 }}
      />,
    );
    expect(screen.getByText(PREDICTION_TEXT.hitSummary(3, 5)).textContent).toBe('3 out of 5 predictions hit target');
    expect(badge().textContent).toBe('Accuracy 60.0%');
    expect(screen.getByText('Naive "no change" forecast: 35.0%')).toBeTruthy();
    expect(screen.getByText('Drift forecast: 40.0%')).toBeTruthy();
  });

  it('explains each baseline behind a button, for touch and keyboard as well as a mouse (issue 23)', () => {
    render(
      <AccuracySummary
        predictions={predictionsWith(['hit'])}
        naiveBaseline={{ hits: 7, resolved: 20 }}
        driftBaseline={{ hits: 8, resolved: 20 }}
      />,
    );
    for (const [question, hint] of [
      [PREDICTION_TEXT.naiveBaselineQuestion, PREDICTION_TEXT.naiveBaselineHint],
      [ODDS_TEXT.driftBaselineQuestion, ODDS_TEXT.driftBaselineHint],
    ] as const) {
      const button = screen.getByRole('button', { name: question });
      expect(screen.getByText(hint).hidden).toBe(true);
      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByText(hint).hidden).toBe(false);
    }
  });

  it.each([
    [['hit', 'hit', 'hit', 'missed', 'missed'], 'Accuracy 60.0%', 'accuracy-good'],
    [['hit', 'hit', 'missed', 'missed', 'missed'], 'Accuracy 40.0%', 'accuracy-fair'],
    [['hit', 'missed', 'missed'], 'Accuracy 33.3%', 'accuracy-poor'],
  ] as [PredictionStatus[], string, string][])('%j: %s in %s', (statuses, text, level) => {
    render(
      <AccuracySummary
        predictions={predictionsWith(statuses)}
        naiveBaseline={{ hits: 0, resolved: 0 }}
        driftBaseline={{ hits: 0, resolved: 0 }}
      />,
    );
    expect(badge().textContent).toBe(text);
    expect(badge().className).toContain(level);
  });

  it('shows no badge and no baseline before anything is resolved', () => {
    render(
      <AccuracySummary
        predictions={predictionsWith(['active'])}
        naiveBaseline={{ hits: 0, resolved: 0 }}
        driftBaseline={{ hits: 0, resolved: 0 }}
      />,
    );
    expect(screen.getByText('0 out of 0 predictions hit target')).toBeTruthy();
    expect(screen.queryByText(/^Accuracy /)).toBeNull();
    expect(screen.queryByText(/Naive/)).toBeNull();
  });
});
