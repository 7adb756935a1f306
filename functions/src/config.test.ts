import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './domain/rateLimit';
import { RATE_LIMIT_ENV } from './adapters/rateLimitsFromEnv';
import { COURTESY_CREDIT_CAP_ENV } from './adapters/courtesyCreditCapsFromEnv';
import { DEFAULT_COURTESY_CREDIT_CAPS, type CourtesyCreditCaps } from './domain/ledger';
import {
  MASSIVE_API_KEY,
  PARAMS,
  SECRETS,
  marketDataSettings,
  paramValues,
  rateLimits,
  requiredSecret,
  settingsFrom,
  stripeSettings,
  tasksServiceAccount,
  vapidKeys,
  vapidPublicKey,
} from './config';
import { testVapidKeys } from '../test/push.testkit';

// Params read their values from the environment the runtime (or the emulator, from .env files) gives the function.
afterEach(() => vi.unstubAllEnvs());

describe('the settings of a deployment', () => {
  it('declares every setting once, described, with the defaults the code has', () => {
    const names = [...PARAMS, ...SECRETS].map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const param of [...PARAMS, ...SECRETS]) expect(param.options.description, param.name).toBeTruthy();
    expect(SECRETS.map((s) => s.name)).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'MASSIVE_API_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
    for (const [action, name] of Object.entries(RATE_LIMIT_ENV)) {
      const param = PARAMS.find((p) => p.name === name);
      expect(param?.options.default, name).toBe(DEFAULT_RATE_LIMITS[action as keyof typeof DEFAULT_RATE_LIMITS].limit);
    }
    for (const [cap, name] of Object.entries(COURTESY_CREDIT_CAP_ENV)) {
      const param = PARAMS.find((p) => p.name === name);
      expect(param?.options.default, name).toBe(DEFAULT_COURTESY_CREDIT_CAPS[cap as keyof CourtesyCreditCaps]);
    }
  });

  it('reads the params at run time into the typed settings the adapters take', () => {
    // A deploy (or the local stack) gives every param a value; an int param left unset would read as 0.
    for (const name of Object.values(RATE_LIMIT_ENV)) vi.stubEnv(name, '20');
    vi.stubEnv('RATE_LIMIT_SEARCH_PER_MINUTE', '7');
    vi.stubEnv('MARKET_DATA_PROVIDER', 'demo');
    vi.stubEnv('STOCKSEER_ALLOWED_ORIGINS', 'https://a.example');
    vi.stubEnv('COURTESY_CREDIT_MAX_CENTS', '2500');
    vi.stubEnv('COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS', '8000');
    expect(paramValues()).toMatchObject({ RATE_LIMIT_SEARCH_PER_MINUTE: '7', MARKET_DATA_PROVIDER: 'demo' });
    expect(settingsFrom(paramValues())).toMatchObject({
      marketDataSource: 'demo',
      providerBudget: null,
      allowedOrigins: ['https://a.example'],
      courtesyCreditCaps: { perCreditCents: 2500, per30DaysCents: 8000 },
    });
  });

  it("takes a provider budget of 0 as the provider's default", () => {
    const limits = Object.fromEntries(Object.values(RATE_LIMIT_ENV).map((name) => [name, '10']));
    const budget = (provider: string, perMinute: string) =>
      settingsFrom({ ...limits, MARKET_DATA_PROVIDER: provider, MARKET_DATA_PROVIDER_CALLS_PER_MINUTE: perMinute })
        .providerBudget;
    expect(budget('massive', '0')).toEqual({ limit: 5, windowMs: 60_000 });
    expect(budget('demo', '0')).toBeNull();
    expect(budget('demo', '30')).toEqual({ limit: 30, windowMs: 60_000 });
  });

  it('fails with the name of a setting that cannot work', () => {
    // An int param that is unset or not a number reads as 0, which no limit may be.
    vi.stubEnv('RATE_LIMIT_GENERATE_PER_MINUTE', 'ten');
    expect(() => rateLimits()).toThrow(/RATE_LIMIT_GENERATE_PER_MINUTE must be a whole number from 1 to 10000/);
    expect(() => settingsFrom({ MARKET_DATA_PROVIDER: 'yahoo' })).toThrow(/MARKET_DATA_PROVIDER/);
    expect(() => settingsFrom({ COURTESY_CREDIT_MAX_CENTS: '0' })).toThrow(/COURTESY_CREDIT_MAX_CENTS/);
    expect(() => settingsFrom({ STOCKSEER_ALLOWED_ORIGINS: 'https://a.example/' })).toThrow(
      /STOCKSEER_ALLOWED_ORIGINS/,
    );
    vi.stubEnv('TASKS_SERVICE_ACCOUNT', '');
    expect(() => tasksServiceAccount()).toThrow(/TASKS_SERVICE_ACCOUNT is not set/);
  });

  it('fails fast on a missing secret, naming it and how to set it', () => {
    vi.stubEnv('MASSIVE_API_KEY', '');
    expect(() => requiredSecret(MASSIVE_API_KEY)).toThrow(
      /The secret MASSIVE_API_KEY is not set: `firebase functions:secrets:set MASSIVE_API_KEY`/,
    );
    vi.stubEnv('MARKET_DATA_PROVIDER', 'massive');
    expect(() => marketDataSettings()).toThrow(/MASSIVE_API_KEY/);
    vi.stubEnv('MASSIVE_API_KEY', 'key');
    expect(marketDataSettings()).toMatchObject({ MARKET_DATA_PROVIDER: 'massive', MASSIVE_API_KEY: 'key' });
  });

  it("reads Massive's key only when Massive is the provider, and the csv folder from the environment", () => {
    vi.stubEnv('MARKET_DATA_PROVIDER', 'csv');
    vi.stubEnv('MARKET_DATA_DIR', '/data');
    vi.stubEnv('MASSIVE_API_KEY', '');
    expect(marketDataSettings()).toMatchObject({ MARKET_DATA_PROVIDER: 'csv', MARKET_DATA_DIR: '/data' });
    expect(marketDataSettings()).not.toHaveProperty('MASSIVE_API_KEY');
  });

  it('reads Stripe from its secrets, and the sandbox address from its param', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'stripe-secret-key-for-this-test');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'webhook-secret-for-this-test');
    vi.stubEnv('STRIPE_API_URL', 'http://127.0.0.1:12111');
    expect(stripeSettings()).toEqual({
      secretKey: 'stripe-secret-key-for-this-test',
      webhookSecret: 'webhook-secret-for-this-test',
      apiUrl: 'http://127.0.0.1:12111',
    });
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    expect(stripeSettings()).toBeUndefined();
  });

  it("reads Web Push's keys: the public one alone for the API, the pair with its contact for maintenance", () => {
    const keys = testVapidKeys();
    vi.stubEnv('VAPID_PUBLIC_KEY', keys.publicKey);
    vi.stubEnv('VAPID_SUBJECT', keys.subject);
    vi.stubEnv('VAPID_PRIVATE_KEY', '');
    expect(vapidPublicKey()).toBe(keys.publicKey);
    expect(() => vapidKeys()).toThrow(/The secret VAPID_PRIVATE_KEY is not set/);
    vi.stubEnv('VAPID_PRIVATE_KEY', keys.privateKey);
    expect(vapidKeys()).toEqual(keys);
    vi.stubEnv('VAPID_PUBLIC_KEY', '');
    expect(() => vapidPublicKey()).toThrow(/VAPID_PUBLIC_KEY is not set/);
  });
});
