import type { PricePoint } from '@stockseer/contract';

/** A forecast drawn over the price chart: its target price from `from` to `to` and the 80% band around it. */
export interface ChartOverlay {
  /** YYYY-MM-DD: the forecast's origin (its last close). */
  from: string;
  /** YYYY-MM-DD: the forecast's target date. */
  to: string;
  target: number;
  lower: number;
  upper: number;
  /** The hit range on the target date (docs/product.md#hit-rule), drawn as a bar at `to`. */
  hitLow: number;
  hitHigh: number;
}

const DAY_MS = 86_400_000;
const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The dates an overlay's line visits: the chart's own sessions inside [from, to] and, past the last close, every
 * weekday up to `to`. The time scale spaces points by index, so a future target 30 sessions ahead needs about 30
 * points to sit about 30 sessions to the right (weekdays stand in for sessions: holidays are the server's business).
 */
export function overlayDates(points: readonly PricePoint[], { from, to }: Pick<ChartOverlay, 'from' | 'to'>): string[] {
  const dates = new Set(points.map((p) => p.date).filter((date) => date >= from && date <= to));
  dates.add(from);
  dates.add(to);
  const last = points.at(-1)?.date;
  const start = Math.max(utcDay(from), last ? utcDay(last) + DAY_MS : -Infinity);
  for (let day = start; day <= utcDay(to); day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.add(isoDay(day));
  }
  return [...dates].sort();
}
