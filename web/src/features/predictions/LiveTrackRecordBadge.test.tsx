import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TRACK_RECORD_MIN_RESOLVED } from '@stockseer/contract';
import { LiveTrackRecordBadge } from './LiveTrackRecordBadge';
import { ODDS_TEXT } from './oddsText';
import { makeLiveRecord } from './predictions.testkit';

describe('LiveTrackRecordBadge', () => {
  it('says "Tracking" until 5 user forecasts have resolved', () => {
    render(<LiveTrackRecordBadge record={makeLiveRecord(4, 2, 0.4)} />);
    expect(screen.getByText(ODDS_TEXT.tracking)).toBeTruthy();
  });

  it('explains "Tracking" behind a button, for touch and keyboard rather than a hover tooltip', () => {
    render(<LiveTrackRecordBadge record={makeLiveRecord(4, 2, 0.4)} />);
    const hint = ODDS_TEXT.trackingHint(TRACK_RECORD_MIN_RESOLVED);
    const button = screen.getByRole('button', { name: ODDS_TEXT.trackingQuestion });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const explanation = document.getElementById(button.getAttribute('aria-controls')!);
    expect(explanation?.textContent).toBe(hint);
    expect(explanation?.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(explanation?.hidden).toBe(false);
  });

  it('then shows the count, the hit rate and the mean predicted chance', () => {
    render(<LiveTrackRecordBadge record={makeLiveRecord(5, 2, 0.45)} />);
    expect(screen.getByText('Live: 5 resolved, 40% hit, 45% expected')).toBeTruthy();
  });
});
