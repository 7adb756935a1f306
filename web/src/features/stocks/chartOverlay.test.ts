import { describe, expect, it } from 'vitest';
import { overlayDates } from './chartOverlay';

// Thursday 2021-04-15 to Wednesday 2021-04-21, with Friday missing as a holiday would be.
const POINTS = ['2021-04-15', '2021-04-19', '2021-04-20', '2021-04-21'].map((date, i) => ({ date, close: 130 + i }));

describe('overlayDates', () => {
  it('follows the chart’s own sessions inside the range', () => {
    expect(overlayDates(POINTS, { from: '2021-04-15', to: '2021-04-20' })).toEqual([
      '2021-04-15',
      '2021-04-19',
      '2021-04-20',
    ]);
  });

  it('adds every weekday after the last close up to the target date, skipping weekends', () => {
    expect(overlayDates(POINTS, { from: '2021-04-21', to: '2021-04-28' })).toEqual([
      '2021-04-21',
      '2021-04-22',
      '2021-04-23',
      '2021-04-26',
      '2021-04-27',
      '2021-04-28',
    ]);
  });

  it('always includes both ends, so the band has edges to draw from', () => {
    const dates = overlayDates(POINTS, { from: '2021-04-16', to: '2021-04-24' });
    expect(dates[0]).toBe('2021-04-16');
    expect(dates.at(-1)).toBe('2021-04-24');
    expect(dates).toEqual([...new Set(dates)].sort());
  });
});
