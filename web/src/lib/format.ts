import type { PredictionStatus } from '@stockseer/contract';

/**
 * One formatter each for money, prices, percentages and dates (docs/product.md#dates-and-formatting: 2 decimals,
 * percent with 1).
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents to `$1,234.50`. */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** What a statement line moved: `+$10.00`, `−$1.00`; null for a figure it left alone (a phone's card hides the cell). */
export const formatCentsChange = (cents: number) =>
  cents === 0 ? null : `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;

/** A price in dollars to `$133.50`. */
export const formatPrice = (dollars: number) => usd.format(dollars);

/** A range of prices, as every card writes one: "$131.20 – $136.56". */
export const formatPriceRange = (low: number, high: number) => `${formatPrice(low)} – ${formatPrice(high)}`;

/** `+1.2%` / `-0.4%` / `0.0%`. */
export function formatPercent(value: number): string {
  const fixed = value.toFixed(1);
  return value > 0 ? `+${fixed}%` : `${fixed === '-0.0' ? '0.0' : fixed}%`;
}

/** `$212.40 (+3.1%)`: a price and its change from an earlier one (the price at prediction). */
export const formatPriceWithChange = (price: number, from: number) =>
  `${formatPrice(price)} (${formatPercent(((price - from) / from) * 100)})`;

/** What a prediction's actual price reads until its target date's close is in. */
export const PENDING_TEXT = 'Pending';

/**
 * Active, Hit, Missed: the status words of every prediction list (docs/product.md#hit-rule); Cancelled when its
 * owner closed the account before it resolved (docs/product.md#closing-an-account).
 */
export const STATUS_LABELS = { active: 'Active', hit: 'Hit', missed: 'Missed', cancelled: 'Cancelled' } satisfies Record<
  PredictionStatus,
  string
>;


const DATE_PARTS = { month: 'short', day: '2-digit', year: 'numeric' } as const;
// A market date names a calendar day everywhere; an instant is shown in the reader's own time zone.
const calendarDay = new Intl.DateTimeFormat('en-US', { ...DATE_PARTS, timeZone: 'UTC' });
const localDay = new Intl.DateTimeFormat('en-US', DATE_PARTS);
const monthAndDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A market date (`YYYY-MM-DD`) as the instant its calendar day starts in UTC, the zone its formatters print in. */
const marketDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** `Dec 3` for a market date (`YYYY-MM-DD`): where the year is shown elsewhere, as on a chart's time axis. */
export const formatMonthDay = (date: string) => monthAndDay.format(marketDay(date));

const monthAndYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `Nov 2026` for a month (`YYYY-MM`); the text as it is when it names no month. */
export function formatMonth(month: string): string {
  const start = marketDay(`${month}-01`);
  return Number.isNaN(start.getTime()) ? month : monthAndYear.format(start);
}

/**
 * `Nov 22, 2026` for a date (`YYYY-MM-DD`, read as that calendar day) or an ISO instant; 'N/A' when missing,
 * 'Invalid date' when unreadable, 'Error' if formatting fails (docs/product.md#dates-and-formatting).
 */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  try {
    const isCalendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = isCalendarDay ? marketDay(value) : new Date(value);
    if (Number.isNaN(date.getTime())) return 'Invalid date';
    return (isCalendarDay ? calendarDay : localDay).format(date);
  } catch {
    return 'Error';
  }
}

const localDayAndTime = new Intl.DateTimeFormat('en-US', { ...DATE_PARTS, hour: 'numeric', minute: '2-digit' });

/** `Nov 22, 2026, 3:04 PM` for an ISO instant, where the time of day matters (the audit log); as formatDate when missing. */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? localDayAndTime.format(date) : formatDate(value);
}

/** A probability (0..1) as a whole percent, `46%`: the odds are estimates, a decimal would claim false precision. */
export const formatChance = (probability: number) => `${Math.round(probability * 100)}%`;

export type Trend = 'up' | 'down' | 'flat';

/**
 * Green for a rise, red for a fall, grey for no change at the shown precision of a cent
 * (docs/product.md#predictions-tab).
 */
export function trendOf(priceChange: number): Trend {
  const cents = Math.round(priceChange * 100);
  return cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
}

/** `+$0.39 (+0.3%)`, `-$1.20 (-0.9%)`, `$0.00 (0.0%)`. */
export function formatChange(priceChange: number, priceChangePercent: number): string {
  const trend = trendOf(priceChange);
  const dollars = trend === 'up' ? `+${formatPrice(priceChange)}` : formatPrice(trend === 'flat' ? 0 : priceChange);
  return `${dollars} (${formatPercent(priceChangePercent)})`;
}
