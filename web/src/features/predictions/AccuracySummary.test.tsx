import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PredictionStatus } from '@stockseer/contract';
import { AccuracySummary } from './AccuracySummary';
import { PREDICTION_TEXT } from './messages';
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
