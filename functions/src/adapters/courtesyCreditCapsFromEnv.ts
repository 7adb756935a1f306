import { centsToDollars, COURTESY_CREDIT_CENTS } from '@stockseer/contract';
import { DEFAULT_COURTESY_CREDIT_CAPS, type CourtesyCreditCaps } from '../domain/ledger';

/** The settings of the courtesy credits' ceilings (docs/product.md#courtesy-credits), in cents. */
export const COURTESY_CREDIT_CAP_ENV: Record<keyof CourtesyCreditCaps, string> = {
  perCreditCents: 'COURTESY_CREDIT_MAX_CENTS',
  per30DaysCents: 'COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS',
};

/** The highest 30-day ceiling a deployment may set ($1,000.00): ten of the largest credits the contract allows. */
export const MAX_PER_30_DAYS_CENTS = 10 * COURTESY_CREDIT_CENTS.max;

/**
 * The ceilings of this deployment: the defaults, or whole cents from the environment. A typo must not lift a ceiling
 * or stop every credit, so anything else refuses to start: a credit's ceiling within what the contract lets an admin
 * ask for, and the 30 days' ceiling from that up to `MAX_PER_30_DAYS_CENTS` (below it, the per-credit one would lie).
 */
export function courtesyCreditCapsFromEnv(env: NodeJS.ProcessEnv): CourtesyCreditCaps {
  const perCreditCents = capFromEnv(env, 'perCreditCents', COURTESY_CREDIT_CENTS.min, COURTESY_CREDIT_CENTS.max);
  const per30DaysCents = capFromEnv(env, 'per30DaysCents', perCreditCents, MAX_PER_30_DAYS_CENTS);
  return { perCreditCents, per30DaysCents };
}

function capFromEnv(env: NodeJS.ProcessEnv, cap: keyof CourtesyCreditCaps, min: number, max: number): number {
  const name = COURTESY_CREDIT_CAP_ENV[cap];
  const raw = env[name];
  const cents = raw === undefined || raw === '' ? DEFAULT_COURTESY_CREDIT_CAPS[cap] : Number(raw);
  if (!Number.isSafeInteger(cents) || cents < min || cents > max) {
    const range = `whole cents from ${min} to ${max} ($${centsToDollars(min)} to $${centsToDollars(max)})`;
    throw new Error(`${name} must be ${range}, not "${raw ?? cents}"`);
  }
  return cents;
}
