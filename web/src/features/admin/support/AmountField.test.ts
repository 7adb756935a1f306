import { describe, expect, it } from 'vitest';
import { amountProblem } from './AmountField';
import { CUSTOMER_TEXT } from './supportText';

describe('amountProblem', () => {
  it('asks for an amount when there is none, rather than for fewer decimals', () => {
    expect(amountProblem('', 1, 10_000)).toBe(CUSTOMER_TEXT.amountMissing);
    expect(amountProblem('   ', 1, 10_000)).toBe(CUSTOMER_TEXT.amountMissing);
  });

  it('asks for at most 2 decimals, then for the range, and lets a good amount through', () => {
    expect(amountProblem('2.555', 1, 10_000)).toBe(CUSTOMER_TEXT.amountProblem);
    expect(amountProblem('abc', 1, 10_000)).toBe(CUSTOMER_TEXT.amountProblem);
    expect(amountProblem('200', 1, 10_000)).toBe(CUSTOMER_TEXT.amountOutOfRange(1, 10_000));
    expect(amountProblem('2.50', 1, 10_000)).toBeNull();
  });
});
