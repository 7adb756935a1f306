import type { Firestore } from 'firebase-admin/firestore';
import { AppError } from '../../domain/errors';
import { providerBusyMessage, retryAfterSeconds, type RateLimit, type RateLimiter } from '../../domain/rateLimit';
import type { ProviderBudget } from '../market-data/budget';
import { currentCaller } from '../market-data/callerContext';
import { countRequest } from './rateLimits';

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
      const uid = currentCaller();
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
