import { LRUCache } from 'lru-cache';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { countWork } from '../adapters/logging/requestContext';

/**
 * How many verified tokens one instance remembers: far more than the signed-in users one instance serves within a
 * token's hour, and a bound on memory (a token is about 1 KB) whoever sends them.
 */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Verifies the ID tokens of the routes that trust a token until it expires (the read routes, see `authenticate`),
 * each token once per instance: what it proved on the first request it proves on every later one until its `exp`.
 *
 * Why: in production the SDK verifies such a token locally (its signature against Google's keys), so remembering it
 * saves that work on each page view. Against the Auth emulator the SDK also looks the account up on every call,
 * which production's read routes never do (issue 16 measured it as most of a quote's cost at 5 connections).
 * Only a verified token is remembered: a refused one is checked again on its next request.
 */
export function trustedTokenVerifier(auth: Auth, nowMs: () => number = Date.now) {
  const verified = new LRUCache<string, DecodedIdToken>({ max: MAX_REMEMBERED_TOKENS });
  return async (token: string): Promise<DecodedIdToken> => {
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 > nowMs()) return known;
      verified.delete(token);
    }
    countWork('tokenChecks');
    const decoded = await auth.verifyIdToken(token);
    verified.set(token, decoded);
    return decoded;
  };
}
