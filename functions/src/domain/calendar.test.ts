import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addTradingDays,
  closeInstant,
  isTradingDay,
  lastCloseOnOrBefore,
  lastFinalClose,
  previousTradingDay,
  tradingDaysBetween,
} from './calendar';

describe('isTradingDay', () => {
  it('closes on weekends', () => {
    expect(isTradingDay('2021-04-17')).toBe(false); // Saturday
    expect(isTradingDay('2021-04-18')).toBe(false); // Sunday
    expect(isTradingDay('2021-04-19')).toBe(true);
  });

  it('closes on the 2021 holidays, including Good Friday and observed days', () => {
    const holidays2021 = [
      '2021-01-01', // New Year's Day
      '2021-01-18', // Martin Luther King Jr. Day
      '2021-02-15', // Washington's Birthday
      '2021-04-02', // Good Friday
      '2021-05-31', // Memorial Day
      '2021-07-05', // Independence Day, observed (July 4 was a Sunday)
      '2021-09-06', // Labor Day
      '2021-11-25', // Thanksgiving
      '2021-12-24', // Christmas, observed (December 25 was a Saturday)
    ];
    for (const day of holidays2021) expect(isTradingDay(day), day).toBe(false);
    expect(tradingDaysBetween('2021-01-01', '2021-12-31')).toHaveLength(252);
  });

  it('observes July 4 on the Friday when it falls on a Saturday', () => {
    expect(isTradingDay('2020-07-03')).toBe(false);
    expect(isTradingDay('2015-07-03')).toBe(false);
  });

  it('keeps New Year on a Saturday unobserved (no closure on the Friday before)', () => {
    expect(isTradingDay('2021-12-31')).toBe(true);
  });

  it('closes on Juneteenth from 2022 only', () => {
    expect(isTradingDay('2021-06-18')).toBe(true);
    expect(isTradingDay('2022-06-20')).toBe(false);
    expect(isTradingDay('2024-06-19')).toBe(false);
  });

  it('closes on the special closures no holiday rule predicts', () => {
    expect(isTradingDay('2018-12-05')).toBe(false); // George H. W. Bush
    expect(isTradingDay('2025-01-09')).toBe(false); // Jimmy Carter
    expect(isTradingDay('2012-10-29')).toBe(false); // Hurricane Sandy
    expect(isTradingDay('2001-09-11')).toBe(false);
  });

  it('rejects malformed and impossible dates loudly', () => {
    expect(() => isTradingDay('2021-4-1')).toThrow(/YYYY-MM-DD/);
    expect(() => isTradingDay('2021-02-30')).toThrow(/not a calendar date/);
  });

  it('keeps rejecting them, and keeps its answers, after the memo of parsed dates has filled and been cleared', () => {
    // 60,000 calendar days from 1900: more dates than the memo holds, so it is cleared on the way.
    const days = tradingDaysBetween('1900-01-01', addCalendarDays('1900-01-01', 60_000));
    expect(days.at(-1)! > '2064-01-01').toBe(true);
    expect(() => isTradingDay('2021-02-30')).toThrow(/not a calendar date/);
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(isTradingDay('2021-04-02')).toBe(false); // Good Friday
  });
});

describe('trading day arithmetic', () => {
  it('counts the Nth trading day after a date, skipping Good Friday and the weekend', () => {
    expect(addTradingDays('2021-04-01', 1)).toBe('2021-04-05');
    expect(addTradingDays('2021-03-31', 2)).toBe('2021-04-05');
    expect(addTradingDays('2021-04-03', 1)).toBe('2021-04-05'); // from a non-trading day
  });

  it('skips Thanksgiving and counts the short timeframe (7 trading days)', () => {
    expect(addTradingDays('2021-11-24', 1)).toBe('2021-11-26');
    expect(addTradingDays('2021-11-22', 7)).toBe('2021-12-02');
  });

  it('goes back with negative n and is the inverse of going forward between trading days', () => {
    expect(addTradingDays('2021-04-05', -1)).toBe('2021-04-01');
    for (const day of tradingDaysBetween('2021-03-01', '2021-04-30')) {
      expect(addTradingDays(addTradingDays(day, 30), -30)).toBe(day);
    }
  });

  it('finds the previous trading day and the last close on or before a date', () => {
    expect(previousTradingDay('2021-04-05')).toBe('2021-04-01');
    expect(previousTradingDay('2021-04-06')).toBe('2021-04-05');
    expect(lastCloseOnOrBefore('2021-04-04')).toBe('2021-04-01');
    expect(lastCloseOnOrBefore('2021-04-05')).toBe('2021-04-05');
    expect(lastCloseOnOrBefore('2018-12-05')).toBe('2018-12-04');
  });

  it('lists trading days in a closed interval', () => {
    expect(tradingDaysBetween('2021-04-01', '2021-04-06')).toEqual(['2021-04-01', '2021-04-05', '2021-04-06']);
    expect(tradingDaysBetween('2021-04-06', '2021-04-01')).toEqual([]);
  });

  it('rejects a zero step', () => {
    expect(() => addTradingDays('2021-04-01', 0)).toThrow(/non-zero/);
  });

  it('adds calendar days across month and leap-year ends', () => {
    expect(addCalendarDays('2020-02-28', 1)).toBe('2020-02-29');
    expect(addCalendarDays('2021-01-01', -1)).toBe('2020-12-31');
  });
});

describe('the close and final sessions', () => {
  it('puts the close at 16:00 New York in both standard and daylight time', () => {
    expect(closeInstant('2021-01-15').toISOString()).toBe('2021-01-15T21:00:00.000Z');
    expect(closeInstant('2021-04-21').toISOString()).toBe('2021-04-21T20:00:00.000Z');
    expect(closeInstant('2021-03-15').toISOString()).toBe('2021-03-15T20:00:00.000Z'); // first Monday of DST
  });

  it("settles today's session only after its close", () => {
    expect(lastFinalClose('2021-04-21', new Date('2021-04-21T15:00:00Z'))).toBe('2021-04-20');
    expect(lastFinalClose('2021-04-21', new Date('2021-04-21T20:00:00Z'))).toBe('2021-04-21');
    expect(lastFinalClose('2021-04-24', new Date('2021-04-24T12:00:00Z'))).toBe('2021-04-23'); // Saturday
  });
});
