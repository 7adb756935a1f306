import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../domain/rateLimit';
import { providerBudgetFromEnv, rateLimitsFromEnv } from './rateLimitsFromEnv';

describe('rateLimitsFromEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(rateLimitsFromEnv({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitsFromEnv({ RATE_LIMIT_SEARCH_PER_MINUTE: '' })).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('takes whole numbers per minute for each action', () => {
    const limits = rateLimitsFromEnv({
      RATE_LIMIT_GENERATE_PER_MINUTE: '5',
      RATE_LIMIT_BACKTEST_PER_MINUTE: '7',
      RATE_LIMIT_CREATE_INTENT_PER_MINUTE: '3',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000',
      RATE_LIMIT_ADD_FUNDS_PER_MINUTE: '4',
      RATE_LIMIT_MARKET_DATA_PER_MINUTE: '9',
      RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE: '2',
      RATE_LIMIT_CLIENT_ERRORS_EDGE_PER_MINUTE: '12',
      RATE_LIMIT_CLIENT_ERRORS_ALL_PER_MINUTE: '30',
    });
    expect(limits).toEqual({
      'predictions.generate': { limit: 5, windowMs: 60_000 },
      'predictions.backtest': { limit: 7, windowMs: 60_000 },
      'payments.createIntent': { limit: 3, windowMs: 60_000 },
      'payments.addFunds': { limit: 4, windowMs: 60_000 },
      'stocks.search': { limit: 1000, windowMs: 60_000 },
      'marketData.fetch': { limit: 9, windowMs: 60_000 },
      'clientErrors.report': { limit: 2, windowMs: 60_000 },
      'clientErrors.edge': { limit: 12, windowMs: 60_000 },
      'clientErrors.all': { limit: 30, windowMs: 60_000 },
    });
  });

  it("sets the provider's shared budget per minute, by default only for Massive (its free tier's 5)", () => {
    expect(providerBudgetFromEnv({})).toBeNull();
    expect(providerBudgetFromEnv({ MARKET_DATA_DIR: '/data' })).toBeNull();
    expect(providerBudgetFromEnv({ MARKET_DATA_PROVIDER: 'massive' })).toEqual({ limit: 5, windowMs: 60_000 });
    expect(providerBudgetFromEnv({ MARKET_DATA_PROVIDER_CALLS_PER_MINUTE: '100' })).toEqual({
      limit: 100,
      windowMs: 60_000,
    });
    expect(() => providerBudgetFromEnv({ MARKET_DATA_PROVIDER_CALLS_PER_MINUTE: '0' })).toThrow(/whole number/);
  });

  it.each(['0', '-1', '2.5', 'ten', '10001', 'Infinity'])('refuses to start with a limit of %s', (raw) => {
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_GENERATE_PER_MINUTE: raw })).toThrow(
      /RATE_LIMIT_GENERATE_PER_MINUTE must be a whole number from 1 to 10000/,
    );
  });
});
