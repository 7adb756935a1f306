import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '../domain/errors';
import {
  DEFAULT_PROVIDER_BUDGET_PER_MINUTE,
  providerBusyMessage,
  retryAfterSeconds,
  type RateLimit,
} from '../domain/rateLimit';
import { countRequest } from '../adapters/firestore/rateLimits';
import type { ProviderBudget } from '../adapters/market-data/budget';
import { chosenSource } from '../adapters/market-data/select';
import { callerOf } from './auth';
import type { RateLimiter } from './rateLimit';
import { perMinuteFromEnv } from './rateLimit';

/** The user a request is served for, wherever in it the market data provider ends up being called. */
const marketDataCaller = new AsyncLocalStorage<string>();

/** Behind `authenticate`: the provider calls this request makes count against its caller's limit. */
export const attributeMarketDataCalls: RequestHandler = (req, _res, next) => {
  marketDataCaller.run(callerOf(req).uid, next);
};

/** The budget of the whole deployment, counted in Firestore under one key, like every user's limits. */
const EVERYONE = '_everyone';

/**
 * Each provider call counts against the caller's `marketData.fetch` limit (429 past it) and, when the deployment
 * has one, against the provider's shared budget (503 past it, with Retry-After). Calls made for no user (daily
 * maintenance) count against the shared budget only.
 */
export function firestoreProviderBudget(
  db: Firestore,
  rateLimiter: RateLimiter,
  everyone: RateLimit | null,
  now = Date.now,
): ProviderBudget {
  return {
    async charge() {
      const uid = marketDataCaller.getStore();
      if (uid !== undefined) await rateLimiter.enforce(uid, 'marketData.fetch');
      if (everyone === null) return;
      const decision = await countRequest(db, {
        userId: EVERYONE,
        action: 'marketData.provider',
        limit: everyone,
        now: now(),
      });
      if (decision.allowed) return;
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      throw new AppError('upstream_unavailable', providerBusyMessage(seconds), { retryAfterSeconds: seconds });
    },
  };
}

/** MARKET_DATA_PROVIDER_CALLS_PER_MINUTE, else the provider's default (Massive's free tier); null: no budget. */
export function providerBudgetFromEnv(env: NodeJS.ProcessEnv): RateLimit | null {
  const source = chosenSource(env);
  const limit =
    perMinuteFromEnv(env, 'MARKET_DATA_PROVIDER_CALLS_PER_MINUTE') ?? DEFAULT_PROVIDER_BUDGET_PER_MINUTE[source];
  return limit == null ? null : { limit, windowMs: 60_000 };
}
