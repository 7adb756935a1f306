import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { LiveStatus } from '@stockseer/contract';
import { LiveStatusView } from './LiveStatus';
import { LIVE_STATUS_TEXT } from './liveStatusText';

const TERMS = { hitLow: 131.2, hitHigh: 136.56, predictionDate: '2026-11-12' };
const status = (overrides: Partial<LiveStatus> = {}): LiveStatus => ({
  predictionId: 'p1',
  lastClose: 134.1,
  lastCloseDate: '2026-11-20',
  position: 'inside',
  tradingDaysLeft: 3,
  chanceNow: 0.614,
  path: [
    { date: '2026-11-12', close: 130 },
    { date: '2026-11-13', close: 132.5 },
    { date: '2026-11-20', close: 134.1 },
  ],
  ...overrides,
});

describe('LiveStatusView', () => {
  it('says where the last close stands against the hit range, the days left and the chance of a hit now', () => {
    const { container } = render(<LiveStatusView status={status()} prediction={TERMS} />);
    expect(container.textContent).toContain('$134.10, inside the hit range $131.20 – $136.56');
    expect(container.textContent).toContain('Last close, Nov 20, 2026');
    expect(container.textContent).toContain('3 trading days left');
    expect(container.textContent).toContain('Chance of a hit now: 61%');
  });

  it('names the side a close outside the range is on, and the day the target is reached', () => {
    render(
      <LiveStatusView status={status({ position: 'below', lastClose: 120, tradingDaysLeft: 0 })} prediction={TERMS} />,
    );
    expect(screen.getByText('$120.00, below the hit range $131.20 – $136.56')).toBeTruthy();
    expect(screen.getByText(LIVE_STATUS_TEXT.daysLeft(0))).toBeTruthy();
    expect(LIVE_STATUS_TEXT.daysLeft(1)).toBe('1 trading day left');
  });

  it('draws the path so far against the hit range, described for screen readers', () => {
    render(<LiveStatusView status={status()} prediction={TERMS} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Closes since Nov 12, 2026, from $130.00 to $134.10, against the hit range $131.20 – $136.56',
    );
    const points = chart.querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(3);
    // Three closes of a wait of 2 + 3 trading days: the line ends two fifths of the way across.
    const lastX = Number(points[2]!.split(',')[0]);
    expect(lastX).toBeCloseTo(3 + (2 / 5) * 234, 0);
  });
});
