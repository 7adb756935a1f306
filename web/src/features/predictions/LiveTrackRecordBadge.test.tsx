import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LiveTrackRecordBadge } from './LiveTrackRecordBadge';
import { ODDS_TEXT } from './oddsText';

describe('LiveTrackRecordBadge', () => {
  it('says "Tracking" until 5 user forecasts have resolved', () => {
    render(<LiveTrackRecordBadge record={{ resolved: 4, hits: 2, meanPredicted: 0.4, brier: 0.2 }} />);
    expect(screen.getByText(ODDS_TEXT.tracking)).toBeTruthy();
  });

  it('then shows the count, the hit rate and the mean predicted chance', () => {
    render(<LiveTrackRecordBadge record={{ resolved: 5, hits: 2, meanPredicted: 0.45, brier: 0.2 }} />);
    expect(screen.getByText('Live: 5 resolved, 40% hit, 45% expected')).toBeTruthy();
  });
});
