import {
  DEFAULT_PROVIDER_BUDGET_PER_MINUTE,
  DEFAULT_RATE_LIMITS,
  MAX_RATE_LIMIT,
  type RateLimit,
  type RateLimitedAction,
  type RateLimits,
} from '../domain/rateLimit';
import { chosenSource } from './market-data/select';

/** The environment variable that sets each action's limit per minute (documented in .env.example). */
export const RATE_LIMIT_ENV: Record<RateLimitedAction, string> = {
  'predictions.generate': 'RATE_LIMIT_GENERATE_PER_MINUTE',
  'predictions.backtest': 'RATE_LIMIT_BACKTEST_PER_MINUTE',
  'payments.createIntent': 'RATE_LIMIT_CREATE_INTENT_PER_MINUTE',
  'payments.addFunds': 'RATE_LIMIT_ADD_FUNDS_PER_MINUTE',
  'stocks.search': 'RATE_LIMIT_SEARCH_PER_MINUTE',
  'marketData.fetch': 'RATE_LIMIT_MARKET_DATA_PER_MINUTE',
  'clientErrors.report': 'RATE_LIMIT_CLIENT_ERRORS_PER_MINUTE',
  'clientErrors.edge': 'RATE_LIMIT_CLIENT_ERRORS_EDGE_PER_MINUTE',
  'clientErrors.all': 'RATE_LIMIT_CLIENT_ERRORS_ALL_PER_MINUTE',
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

/** MARKET_DATA_PROVIDER_CALLS_PER_MINUTE, else the provider's default (Massive's free tier); null: no budget. */
export function providerBudgetFromEnv(env: NodeJS.ProcessEnv): RateLimit | null {
  const source = chosenSource(env);
  const limit =
    perMinuteFromEnv(env, 'MARKET_DATA_PROVIDER_CALLS_PER_MINUTE') ?? DEFAULT_PROVIDER_BUDGET_PER_MINUTE[source];
  return limit == null ? null : { limit, windowMs: 60_000 };
}
