import { describe, expect, it } from 'vitest';
import { COURTESY_CREDIT_CENTS } from '@stockseer/contract';
import { DEFAULT_COURTESY_CREDIT_CAPS } from '../domain/ledger';
import { courtesyCreditCapsFromEnv, MAX_PER_30_DAYS_CENTS } from './courtesyCreditCapsFromEnv';

const caps = (perCredit?: string, per30Days?: string) =>
  courtesyCreditCapsFromEnv({
    ...(perCredit === undefined ? {} : { COURTESY_CREDIT_MAX_CENTS: perCredit }),
    ...(per30Days === undefined ? {} : { COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS: per30Days }),
  });

describe('courtesyCreditCapsFromEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(caps()).toEqual(DEFAULT_COURTESY_CREDIT_CAPS);
    expect(caps('', '')).toEqual(DEFAULT_COURTESY_CREDIT_CAPS);
  });

  it('takes whole cents within the bounds, both ends included', () => {
    expect(caps('2500', '8000')).toEqual({ perCreditCents: 2500, per30DaysCents: 8000 });
    expect(caps(String(COURTESY_CREDIT_CENTS.max), String(MAX_PER_30_DAYS_CENTS))).toEqual({
      perCreditCents: COURTESY_CREDIT_CENTS.max,
      per30DaysCents: MAX_PER_30_DAYS_CENTS,
    });
    expect(caps('1', '1')).toEqual({ perCreditCents: 1, per30DaysCents: 1 });
  });

  it("refuses a credit's ceiling above what the contract lets an admin ask for: cents, not dollars", () => {
    expect(() => caps(String(COURTESY_CREDIT_CENTS.max + 1))).toThrow(
      /COURTESY_CREDIT_MAX_CENTS must be whole cents from 1 to 10000 \(\$0\.01 to \$100\.00\), not "10001"/,
    );
    expect(() => caps('500000')).toThrow(/COURTESY_CREDIT_MAX_CENTS/);
  });

  it("refuses a 30 days' ceiling below a credit's ceiling, or above its own ceiling", () => {
    expect(() => caps('5000', '4999')).toThrow(
      /COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS must be whole cents from 5000 to 100000/,
    );
    // The default credit ceiling counts too.
    expect(() => caps(undefined, String(DEFAULT_COURTESY_CREDIT_CAPS.perCreditCents - 1))).toThrow(
      /COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS/,
    );
    expect(() => caps('5000', String(MAX_PER_30_DAYS_CENTS + 1))).toThrow(/COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS/);
  });

  it('refuses what is not whole cents', () => {
    for (const raw of ['0', '-5', '12.5', 'ten', '1e3x', ' ']) {
      expect(() => caps(raw), raw).toThrow(/COURTESY_CREDIT_MAX_CENTS/);
    }
  });
});
