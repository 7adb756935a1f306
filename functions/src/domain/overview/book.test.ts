import { describe, expect, it } from 'vitest';
import { NO_FIGURES } from './figures';
import { withoutFigure, type FigureBook } from './book';

describe('withoutFigure', () => {
  it('zeroes one figure in every period and drops the periods left with nothing', () => {
    const book: FigureBook = new Map([
      ['day:2026-11-26', { ...NO_FIGURES, newUsers: -2 }],
      ['month:2026-11', { ...NO_FIGURES, newUsers: -2, moneyIn: 500 }],
    ]);
    expect(withoutFigure(book, 'newUsers')).toEqual(new Map([['month:2026-11', { ...NO_FIGURES, moneyIn: 500 }]]));
  });
});
