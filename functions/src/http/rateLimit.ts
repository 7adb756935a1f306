import type { Firestore } from 'firebase-admin/firestore';
import { rateLimited } from '../domain/errors';
import {
  DEFAULT_RATE_LIMITS,
  MAX_RATE_LIMIT,
  retryAfterSeconds,
  tooManyRequestsMessage,
  type RateLimitedAction,
  type RateLimits,
} from '../domain/rateLimit';
import { countRequest } from '../adapters/firestore/rateLimits';

/** The environment variable that sets each action's limit per minute (documented in .env.example). */
export const RATE_LIMIT_ENV: Record<RateLimitedAction, string> = {
  'predictions.generate': 'RATE_LIMIT_GENERATE_PER_MINUTE',
  'predictions.backtest': 'RATE_LIMIT_BACKTEST_PER_MINUTE',
  'payments.createIntent': 'RATE_LIMIT_CREATE_INTENT_PER_MINUTE',
  'payments.addFunds': 'RATE_LIMIT_ADD_FUNDS_PER_MINUTE',
  'stocks.search': 'RATE_LIMIT_SEARCH_PER_MINUTE',
  'marketData.fetch': 'RATE_LIMIT_MARKET_DATA_PER_MINUTE',
};

/** The limits of this deployment: the defaults, or whole numbers per minute from the environment. */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [action, name] of Object.entries(RATE_LIMIT_ENV) as [RateLimitedAction, string][]) {
    const limit = perMinuteFromEnv(env, name);
    if (limit !== undefined) limits[action] = { ...limits[action], limit };
  }
  return limits;
}

/** A whole number per minute from the environment; undefined when unset. */
export function perMinuteFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const limit = Number(raw);
  // A typo here must not silently switch a limit off or lock everyone out: refuse to start.
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) {
    throw new Error(`${name} must be a whole number from 1 to ${MAX_RATE_LIMIT}, not "${raw}"`);
  }
  return limit;
}

/** Counts one request of an action against a user's limit; refuses it with 429 and Retry-After when over. */
export interface RateLimiter {
  enforce(userId: string, action: RateLimitedAction): Promise<void>;
}

/**
 * The limiter of the deployment: counters in Firestore (adapters/firestore/rateLimits.ts), so every Functions
 * instance (and every worker process of the emulator) shares one count per user and action; an in-memory one would
 * count per instance. Routes call it after validating their input (an invalid request is refused for free and writes
 * nothing) and before the expensive work it protects. It runs on real time, not the local time machine's: limits
 * are about seconds that pass.
 */
export function firestoreRateLimiter(db: Firestore, limits: RateLimits, now = Date.now): RateLimiter {
  return {
    async enforce(userId, action) {
      const decision = await countRequest(db, { userId, action, limit: limits[action], now: now() });
      if (decision.allowed) return;
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      throw rateLimited(tooManyRequestsMessage(seconds), seconds);
    },
  };
}
