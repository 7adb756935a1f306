/**
 * The overview's periods (docs/product.md#overview): a day is a New York market date (`YYYY-MM-DD`), a month its
 * first seven characters (`YYYY-MM`). Pure: the range a request asks for, and its rows from the stored figures.
 */
import {
  OVERVIEW_DEFAULT_PERIODS,
  OVERVIEW_MAX_PERIODS,
  type Granularity,
  type OverviewPeriod,
  type OverviewQuery,
} from '@stockseer/contract';
import { validationError } from '../errors';
import { NO_FIGURES, type FigureDeltas } from './figures';

export const periodOf = (granularity: Granularity, date: string) => (granularity === 'day' ? date : date.slice(0, 7));

const DAY_MS = 86_400_000;

/** The period `steps` after (or before, when negative) `period`. */
export function shiftPeriod(granularity: Granularity, period: string, steps: number): string {
  if (granularity === 'day')
    return new Date(Date.parse(`${period}T00:00:00Z`) + steps * DAY_MS).toISOString().slice(0, 10);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + steps, 1)).toISOString().slice(0, 7);
}

/** Every period from `from` to `to`, both included, oldest first. */
export function periodsBetween(granularity: Granularity, from: string, to: string): string[] {
  const periods: string[] = [];
  for (let p = from; p <= to; p = shiftPeriod(granularity, p, 1)) periods.push(p);
  return periods;
}

/** The periods a request covers: its dates, or the default span ending today; too long a range is a 400. */
export function overviewRange({ granularity, from, to }: OverviewQuery, today: string) {
  const last = periodOf(granularity, to ?? today);
  const first = from
    ? periodOf(granularity, from)
    : shiftPeriod(granularity, last, 1 - OVERVIEW_DEFAULT_PERIODS[granularity]);
  // The query's own check sees both dates; this one a `from` after today too.
  if (first > last) throw validationError('from must not be after to');
  const max = OVERVIEW_MAX_PERIODS[granularity];
  // Counted without listing them, so that a range of centuries costs nothing to refuse.
  if (shiftPeriod(granularity, first, max - 1) < last) {
    throw validationError(`a range may cover at most ${max} ${granularity === 'day' ? 'days' : 'months'}`);
  }
  return { granularity, from: first, to: last, periods: periodsBetween(granularity, first, last) };
}

/**
 * The rows of the periods from their stored figures (a missing period is all zeros), with the money held in
 * reservations at the end of each: what it was before the first (`reservedBefore`) plus each period's change.
 */
export function overviewRows(
  periods: readonly string[],
  figures: ReadonlyMap<string, FigureDeltas>,
  reservedBefore: number,
): OverviewPeriod[] {
  let reserved = reservedBefore;
  return periods.map((period) => {
    const { reservedChange, ...shown } = figures.get(period) ?? NO_FIGURES;
    reserved += reservedChange;
    return {
      period,
      ...shown,
      reservedOutstanding: reserved,
      hitRate: shown.resolved > 0 ? shown.hits / shown.resolved : null,
    };
  });
}
