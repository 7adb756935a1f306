import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/src/domain/rateLimit';
import { UNUSED_MASSIVE_KEY, dotenv, emulatorParams, emulatorSecrets } from './functionsConfig';
import { SANDBOX_STRIPE_ENV } from './config';
import { localVapidEnv } from './vapidKeys';

// The Functions emulator's own parser of .env.local and .secret.local.
const { parse } = createRequire(import.meta.url)('firebase-tools/lib/functions/env.js') as {
  parse: (data: string) => { envs: Record<string, string>; errors: string[] };
};

const STACK = {
  TASKS_SERVICE_ACCOUNT: 'tasks@demo-stockseer.iam.gserviceaccount.com',
  STRIPE_SECRET_KEY: SANDBOX_STRIPE_ENV.STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: SANDBOX_STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
  ...localVapidEnv({}),
};

describe("the local stack's functions settings", () => {
  it("gives every param the stack's value, else its default, and picks the local provider", () => {
    const params = emulatorParams({ ...STACK, RATE_LIMIT_SEARCH_PER_MINUTE: '500', STRIPE_API_URL: 'http://x:1' });
    expect(params).toMatchObject({
      MARKET_DATA_PROVIDER: 'demo',
      RATE_LIMIT_SEARCH_PER_MINUTE: '500',
      RATE_LIMIT_GENERATE_PER_MINUTE: String(DEFAULT_RATE_LIMITS['predictions.generate'].limit),
      MARKET_DATA_PROVIDER_CALLS_PER_MINUTE: '0',
      STOCKSEER_ALLOWED_ORIGINS: '',
      STRIPE_API_URL: 'http://x:1',
      TASKS_SERVICE_ACCOUNT: STACK.TASKS_SERVICE_ACCOUNT,
      VAPID_PUBLIC_KEY: STACK.VAPID_PUBLIC_KEY,
      VAPID_SUBJECT: STACK.VAPID_SUBJECT,
    });
    expect(emulatorParams({ ...STACK, MARKET_DATA_DIR: '/data' }).MARKET_DATA_PROVIDER).toBe('csv');
  });

  it('fails fast, naming the setting, on a missing or bad value', () => {
    expect(() => emulatorParams({ ...STACK, RATE_LIMIT_GENERATE_PER_MINUTE: 'ten' })).toThrow(
      /RATE_LIMIT_GENERATE_PER_MINUTE must be a whole number/,
    );
    expect(() => emulatorParams({ ...STACK, MARKET_DATA_PROVIDER: 'yahoo' })).toThrow(/MARKET_DATA_PROVIDER/);
    expect(() => emulatorParams({ ...STACK, TASKS_SERVICE_ACCOUNT: '' })).toThrow(/TASKS_SERVICE_ACCOUNT is not set/);
    expect(() => emulatorSecrets({ ...STACK, STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET is not set/);
    expect(() => emulatorParams({ ...STACK, VAPID_SUBJECT: '' })).toThrow(/VAPID_SUBJECT is not set/);
    expect(() => emulatorSecrets({ ...STACK, MARKET_DATA_PROVIDER: 'massive' })).toThrow(
      /MASSIVE_API_KEY is not set, and MARKET_DATA_PROVIDER is massive/,
    );
  });

  it("gives every declared secret a value, so that the emulator never asks Google's Secret Manager", () => {
    expect(emulatorSecrets(STACK)).toEqual({
      STRIPE_SECRET_KEY: STACK.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STACK.STRIPE_WEBHOOK_SECRET,
      MASSIVE_API_KEY: UNUSED_MASSIVE_KEY,
      VAPID_PRIVATE_KEY: STACK.VAPID_PRIVATE_KEY,
    });
    expect(emulatorSecrets({ ...STACK, MARKET_DATA_PROVIDER: 'massive', MASSIVE_API_KEY: 'k' }).MASSIVE_API_KEY).toBe(
      'k',
    );
  });

  it('writes files the emulator reads back to the same values', () => {
    const values = { A: 'https://a.example,http://127.0.0.1:5000', B: 'say "hi" \\ there', C: '' };
    expect(parse(dotenv(values))).toEqual({ envs: values, errors: [] });
  });
});
