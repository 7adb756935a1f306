import { getHolidays } from 'nyse-holidays';
import { assertInvariant } from './errors';

/**
 * The NYSE trading calendar. Dates are market dates as 'YYYY-MM-DD' strings (no time zone of their own); the
 * arithmetic runs on UTC midnight so that no host time zone or DST change can shift a day.
 */

/**
 * Closures that no holiday rule predicts (national days of mourning, September 11, Hurricane Sandy). The
 * `nyse-holidays` package covers the regular holidays, Good Friday and observed days, but none of these.
 */
export const SPECIAL_CLOSURES: ReadonlyMap<string, string> = new Map([
  ['2001-09-11', 'September 11 attacks'],
  ['2001-09-12', 'September 11 attacks'],
  ['2001-09-13', 'September 11 attacks'],
  ['2001-09-14', 'September 11 attacks'],
  ['2004-06-11', 'National day of mourning for Ronald Reagan'],
  ['2007-01-02', 'National day of mourning for Gerald Ford'],
  ['2012-10-29', 'Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy'],
  ['2018-12-05', 'National day of mourning for George H. W. Bush'],
  ['2025-01-09', 'National day of mourning for Jimmy Carter'],
]);

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Dates parsed and printed, memoised: calendar walks (a simulated history, a range of trading days, a back-test's
 * target dates) convert the same few thousand dates over and over. Cleared when full, so the memory stays bounded.
 */
const MEMO_LIMIT = 50_000;
const utcMsByDate = new Map<string, number>();
const dateByUtcMs = new Map<number, string>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

function toUtcMs(date: string): number {
  const known = utcMsByDate.get(date);
  if (known !== undefined) return known;
  const match = ISO_DATE.exec(date);
  assertInvariant(match, () => `expected a date as YYYY-MM-DD, got '${date}'`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  assertInvariant(new Date(ms).toISOString().startsWith(date), () => `not a calendar date: '${date}'`);
  return remember(utcMsByDate, date, ms);
}

function fromUtcMs(ms: number): string {
  return dateByUtcMs.get(ms) ?? remember(dateByUtcMs, ms, new Date(ms).toISOString().slice(0, 10));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Calendar arithmetic: the date `days` calendar days after `date` (negative goes back). */
export function addCalendarDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(getHolidays(year).map((holiday) => holiday.dateString));
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isTradingDay(date: string): boolean {
  const weekday = new Date(toUtcMs(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(date.slice(0, 4))).has(date) && !SPECIAL_CLOSURES.has(date);
}

/** The Nth trading day after `date` (n >= 1), or before it for negative n; `date` itself need not trade. */
export function addTradingDays(date: string, n: number): string {
  assertInvariant(Number.isInteger(n) && n !== 0, `addTradingDays needs a non-zero integer, got ${n}`);
  const step = Math.sign(n);
  let remaining = Math.abs(n);
  let day = date;
  while (remaining > 0) {
    day = addCalendarDays(day, step);
    if (isTradingDay(day)) remaining -= 1;
  }
  return day;
}

/** The last trading day strictly before `date`. */
export function previousTradingDay(date: string): string {
  return addTradingDays(date, -1);
}

/** The last trading day on or before `date`: the session whose close is the latest price known on that date. */
export function lastCloseOnOrBefore(date: string): string {
  return isTradingDay(date) ? date : previousTradingDay(date);
}

/** Trading days in the closed interval [from, to], oldest first (empty when from > to). */
export function tradingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
    if (isTradingDay(day)) days.push(day);
  }
  return days;
}

const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  hour: '2-digit',
});

/** The instant of the 16:00 New York close on `date` (EST or EDT, whichever applies that day). */
export function closeInstant(date: string): Date {
  // 21:00 UTC is 16:00 EST; when New York reads 17:00 there, daylight time applies and the close is an hour earlier.
  const estGuess = new Date(toUtcMs(date) + 21 * 3_600_000);
  const newYorkHour = Number(newYorkParts.format(estGuess));
  return newYorkHour === 17 ? new Date(estGuess.getTime() - 3_600_000) : estGuess;
}

/**
 * The latest session whose close has happened at `now`, given New York's `today`: today after 16:00, else the
 * previous trading day. Bars of later sessions are still moving and must not be cached as final.
 */
export function lastFinalClose(today: string, now: Date): string {
  const candidate = lastCloseOnOrBefore(today);
  return candidate === today && now < closeInstant(today) ? previousTradingDay(today) : candidate;
}
