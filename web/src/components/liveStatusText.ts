import type { LiveStatus } from '@stockseer/contract';
import { formatChance, formatDate, formatPrice, formatPriceRange } from '../lib/format';

/** The words of an open prediction's live status (docs/product.md#live-status), written once; tests import them. */
export const LIVE_STATUS_TEXT = {
  lastClose: (s: Pick<LiveStatus, 'lastClose' | 'position'>, low: number, high: number) =>
    `${formatPrice(s.lastClose)}, ${s.position} the hit range ${formatPriceRange(low, high)}`,
  asOf: (date: string) => `Last close, ${formatDate(date)}`,
  daysLeft: (days: number) =>
    days === 0
      ? 'Target date reached: settled at the next daily update'
      : `${days} trading ${days === 1 ? 'day' : 'days'} left`,
  chanceNow: (probability: number) => `Chance of a hit now: ${formatChance(probability)}`,
  chart: (from: string, first: number, last: number, low: number, high: number) =>
    `Closes since ${formatDate(from)}, from ${formatPrice(first)} to ${formatPrice(last)}, against the hit range ${formatPriceRange(low, high)}`,
} as const;
