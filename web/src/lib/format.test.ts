import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatPercent, formatPrice, formatPriceWithChange } from './format';

describe('formatting', () => {
  it('formats cents as dollars with 2 decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(2000)).toBe('$20.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-100)).toBe('-$1.00');
  });

  it('formats prices with 2 decimals and percentages with 1 and a sign', () => {
    expect(formatPrice(133.5)).toBe('$133.50');
    expect(formatPercent(0.294)).toBe('+0.3%');
    expect(formatPercent(-1.25)).toBe('-1.3%');
    expect(formatPercent(-0.01)).toBe('0.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPriceWithChange(212.4, 206)).toBe('$212.40 (+3.1%)');
    expect(formatPriceWithChange(100, 100)).toBe('$100.00 (0.0%)');
  });

  it("formats dates like 'Nov 22, 2026', a market date as that calendar day", () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2021-04-02')).toBe('Apr 02, 2021');
    expect(formatDate('2026-11-22T12:00:00.000Z')).toMatch(/^Nov 2[123], 2026$/);
  });

  it("says 'N/A' for a missing date and 'Invalid date' for an unreadable one", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('Invalid date');
  });
});
