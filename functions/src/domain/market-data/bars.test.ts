import { describe, expect, it } from 'vitest';
import { InvariantViolation } from '../errors';
import { assertValidBars } from './bars';

const bar = (date: string, open = 10, high = 11, low = 9, close = 10.5) => ({
  date,
  open,
  high,
  low,
  close,
  volume: 1,
});

describe('assertValidBars', () => {
  it('accepts sorted, consistent bars', () => {
    expect(() => assertValidBars('X', [bar('2021-04-20'), bar('2021-04-21')])).not.toThrow();
  });

  it('rejects unsorted or duplicate dates, bad dates and inconsistent OHLC loudly', () => {
    expect(() => assertValidBars('X', [bar('2021-04-21'), bar('2021-04-20')])).toThrow(InvariantViolation);
    expect(() => assertValidBars('X', [bar('2021-04-21'), bar('2021-04-21')])).toThrow(/sorted/);
    expect(() => assertValidBars('X', [bar('21-04-21')])).toThrow(/YYYY-MM-DD/);
    expect(() => assertValidBars('X', [bar('2021-04-21', 12)])).toThrow(/OHLC/);
    expect(() => assertValidBars('X', [bar('2021-04-21', 10, 11, 9, 8)])).toThrow(/OHLC/);
    expect(() => assertValidBars('X', [bar('2021-04-21', 1, 1, 0, 1)])).toThrow(/non-positive/);
  });
});
