/**
 * Figures keyed by period (`day:2026-11-26`, `month:2026-11`): what the stored shards add up to, and what a recount
 * of the ledger, the predictions and the activity markers finds, so that the two can be compared and mended.
 */
import type { Granularity } from '@stockseer/contract';
import { newYorkDateOf } from '../clock';
import { FIGURE_NAMES, isNothing, NO_FIGURES, sumFigures, type FigureDeltas } from './figures';
import { periodOf } from './periods';

export type FigureBook = Map<string, FigureDeltas>;

export const figureKey = (granularity: Granularity, period: string) => `${granularity}:${period}`;

/** The day's and the month's keys of an instant, by New York's date (the market's). */
export function figureKeysOf(instant: Date): [day: string, month: string] {
  const date = newYorkDateOf(instant);
  return [figureKey('day', date), figureKey('month', periodOf('month', date))];
}

export function addToBook(book: FigureBook, key: string, figures: Partial<FigureDeltas>): void {
  book.set(key, sumFigures(book.get(key) ?? NO_FIGURES, figures));
}

/** Added to the day and the month of `instant`. */
export function addOnDate(book: FigureBook, instant: Date, figures: Partial<FigureDeltas>): void {
  for (const key of figureKeysOf(instant)) addToBook(book, key, figures);
}

/** What `counted` has that `stored` lacks, per key and figure (negative where stored counts more); empty if equal. */
export function bookDifference(counted: FigureBook, stored: FigureBook): FigureBook {
  const difference: FigureBook = new Map();
  for (const key of new Set([...counted.keys(), ...stored.keys()])) {
    const delta = sumFigures(counted.get(key) ?? NO_FIGURES, stored.get(key) ?? NO_FIGURES, -1);
    if (!isNothing(delta)) difference.set(key, delta);
  }
  return difference;
}

/** The book with one figure left out (zero in every period), for a figure that cannot be recounted. */
export function withoutFigure(book: FigureBook, name: keyof FigureDeltas): FigureBook {
  const left: FigureBook = new Map();
  for (const [key, figures] of book) {
    const rest = { ...figures, [name]: 0 };
    if (!isNothing(rest)) left.set(key, rest);
  }
  return left;
}

/** One line per figure that differs, for a report: `day:2026-11-26 moneyIn +500`. */
export function describeDifference(difference: FigureBook): string[] {
  return [...difference].flatMap(([key, delta]) =>
    FIGURE_NAMES.filter((name) => delta[name] !== 0).map(
      (name) => `${key} ${name} ${delta[name] > 0 ? '+' : ''}${delta[name]}`,
    ),
  );
}
