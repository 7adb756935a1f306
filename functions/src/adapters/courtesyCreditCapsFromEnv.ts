import { COURTESY_CREDIT_CENTS } from '@stockseer/contract';
import { DEFAULT_COURTESY_CREDIT_CAPS, type CourtesyCreditCaps } from '../domain/ledger';

/** The settings of the courtesy credits' ceilings (docs/product.md#courtesy-credits), in cents. */
export const COURTESY_CREDIT_CAP_ENV: Record<keyof CourtesyCreditCaps, string> = {
  perCreditCents: 'COURTESY_CREDIT_MAX_CENTS',
  per30DaysCents: 'COURTESY_CREDITS_PER_30_DAYS_MAX_CENTS',
};

/** The ceilings of this deployment: the defaults, or whole cents from the environment. */
export function courtesyCreditCapsFromEnv(env: NodeJS.ProcessEnv): CourtesyCreditCaps {
  const caps = { ...DEFAULT_COURTESY_CREDIT_CAPS };
  for (const [cap, name] of Object.entries(COURTESY_CREDIT_CAP_ENV) as [keyof CourtesyCreditCaps, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const cents = Number(raw);
    // A typo must not lift the ceiling or stop every credit: refuse to start.
    if (!Number.isInteger(cents) || cents < COURTESY_CREDIT_CENTS.min || cents > COURTESY_CREDIT_CENTS.max * 100) {
      throw new Error(`${name} must be whole cents from 1 to ${COURTESY_CREDIT_CENTS.max * 100}, not "${raw}"`);
    }
    caps[cap] = cents;
  }
  return caps;
}
