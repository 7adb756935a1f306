import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CreatePaymentIntentRequest, TOP_UP_MESSAGES, topUpProblem } from './walletApi';

const parse = (amount: unknown) => CreatePaymentIntentRequest.safeParse({ amount });

describe('top-up amounts', () => {
  it('turns every whole-cent amount from $5 to $1000 into exactly those cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 100_000 }), (cents) => {
        expect(parse(cents / 100)).toEqual({ success: true, data: { amountCents: cents } });
      }),
    );
  });

  it('rejects fractions of a cent instead of rounding them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5000, max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (mills, digit) => {
        // mills/1000 with a non-zero third decimal (e.g. 10.005), or a fourth decimal on top of a whole cent.
        const amount = mills % 10 === 0 ? mills / 1000 + digit / 10_000 : mills / 1000;
        expect(topUpProblem(amount)).toMatch(/^(tooPrecise|tooLarge)$/);
      }),
    );
    expect(topUpProblem(10.1)).toBeNull();
    expect(topUpProblem(10.005)).toBe('tooPrecise');
  });

  it("answers each problem's own message, without a field prefix", () => {
    const messageFor = (amount: unknown) => {
      const result = parse(amount);
      return result.success ? null : result.error.issues.map((i) => i.message);
    };
    expect(messageFor(0)).toEqual(['Please enter a valid amount greater than 0']);
    expect(messageFor(-5)).toEqual([TOP_UP_MESSAGES.invalid]);
    expect(messageFor('20')).toEqual([TOP_UP_MESSAGES.invalid]);
    expect(messageFor(undefined)).toEqual([TOP_UP_MESSAGES.invalid]);
    expect(messageFor(Number.NaN)).toEqual([TOP_UP_MESSAGES.invalid]);
    expect(messageFor(4.99)).toEqual(['Please enter an amount of at least $5']);
    expect(messageFor(1000.01)).toEqual(['Please enter an amount of at most $1000']);
    expect(messageFor(5)).toBeNull();
    expect(messageFor(1000)).toBeNull();
    expect(parse(1000).data).toEqual({ amountCents: 100_000 });
  });
});
