import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keepAmountCharacters } from './amountInput';

describe('keepAmountCharacters', () => {
  it('keeps digits and the first dot only', () => {
    expect(keepAmountCharacters('$1,000.50')).toBe('1000.50');
    expect(keepAmountCharacters('1.2.3')).toBe('1.23');
    expect(keepAmountCharacters('abc')).toBe('');
    expect(keepAmountCharacters('.5')).toBe('.5');
  });

  it('leaves at most one dot and nothing but digits, in the order typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const kept = keepAmountCharacters(typed);
        expect(kept).toMatch(/^\d*\.?\d*$/);
        expect(kept.replace('.', '')).toBe(typed.replace(/\D/g, ''));
        expect(keepAmountCharacters(kept)).toBe(kept);
      }),
    );
  });
});
