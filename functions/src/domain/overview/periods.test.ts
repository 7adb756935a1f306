import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { NO_FIGURES } from './figures';
import { overviewRange, overviewRows, periodsBetween, shiftPeriod } from './periods';

describe('overview periods', () => {
  it('steps over month ends, leap days and years', () => {
    expect(shiftPeriod('day', '2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftPeriod('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftPeriod('month', '2026-01', -1)).toBe('2025-12');
    expect(shiftPeriod('month', '2026-11', 14)).toBe('2028-01');
    expect(periodsBetween('month', '2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('covers the last 30 days or 12 months by default, today included', () => {
    const days = overviewRange({ granularity: 'day' }, '2026-11-26');
    expect([days.from, days.to, days.periods.length]).toEqual(['2026-10-28', '2026-11-26', 30]);
    const months = overviewRange({ granularity: 'month', to: '2026-11-03' }, '2027-01-01');
    expect([months.from, months.to, months.periods.length]).toEqual(['2025-12', '2026-11', 12]);
  });

  it('refuses a range longer than its bound, or one that ends before it starts', () => {
    expect(
      overviewRange({ granularity: 'day', from: '2026-01-01', to: '2026-04-02' }, '2026-11-26').periods,
    ).toHaveLength(92);
    const refused = (query: Parameters<typeof overviewRange>[0]) => {
      try {
        overviewRange(query, '2026-11-26');
      } catch (error) {
        return (error as AppError).kind === 'validation' && (error as AppError).message;
      }
      return false;
    };
    expect(refused({ granularity: 'day', from: '2026-01-01', to: '2026-04-03' })).toBe(
      'a range may cover at most 92 days',
    );
    expect(refused({ granularity: 'month', from: '2000-01-01', to: '2999-12-31' })).toBe(
      'a range may cover at most 36 months',
    );
    expect(refused({ granularity: 'day', from: '2026-12-01' })).toBe('from must not be after to');
  });

  it('builds each row, with the reservations outstanding at its end and its hit rate', () => {
    const figures = new Map([
      ['2026-11-02', { ...NO_FIGURES, paidPredictions: 3, reservedChange: 300 }],
      ['2026-11-04', { ...NO_FIGURES, revenue: 100, released: 100, resolved: 2, hits: 1, reservedChange: -200 }],
    ]);
    const rows = overviewRows(periodsBetween('day', '2026-11-01', '2026-11-04'), figures, 500);
    expect(rows.map((r) => [r.period, r.reservedOutstanding, r.hitRate])).toEqual([
      ['2026-11-01', 500, null],
      ['2026-11-02', 800, null],
      ['2026-11-03', 800, null],
      ['2026-11-04', 600, 0.5],
    ]);
    expect(rows[0]).not.toHaveProperty('reservedChange');
  });
});
