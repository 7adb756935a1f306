import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { tooManyRequestsMessage } from '@stockseer/contract';
import { rateLimited } from '../../domain/errors';
import {
  decideRateLimit,
  retryAfterSeconds,
  rateLimitWindow,
  type RateLimit,
  type RateLimitDecision,
  type RateLimitedAction,
  type RateLimiter,
  type RateLimits,
} from '../../domain/rateLimit';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * One counter per user, action and fixed window: `rateLimits/{uid}_{action}_{window}` `{ count, expiresAt }`. Every
 * Functions instance counts in the same documents, so the limit is global, not per instance. `expiresAt` (the end
 * of the next window, after which nothing reads the counter) lets a Firestore TTL policy delete old counters.
 *
 * No transaction: the request's count is added blindly (`increment`), then both windows are read. A transaction
 * that read first would make one user's simultaneous requests conflict and retry, with a back-off of a second or
 * more each (measured: 3.4 s for 4 at once, against 40 ms this way). A concurrent request may be included in the
 * count read, which can only refuse, never let one too many through.
 */
export async function countRequest(
  db: Firestore,
  {
    userId,
    action,
    limit,
    now,
  }: { userId: string; action: RateLimitedAction | 'marketData.provider'; limit: RateLimit; now: number },
): Promise<RateLimitDecision> {
  const { index, elapsedMs } = rateLimitWindow(now, limit.windowMs);
  const counter = (window: number) => db.collection(COLLECTIONS.rateLimits).doc(`${userId}_${action}_${window}`);
  const current = counter(index);
  await current.set(
    { count: FieldValue.increment(1), expiresAt: Timestamp.fromMillis((index + 2) * limit.windowMs) },
    { merge: true },
  );
  const [currentSnap, previousSnap] = await db.getAll(current, counter(index - 1));
  const decision = decideRateLimit(
    { current: Math.max(1, countOf(currentSnap)), previous: countOf(previousSnap) },
    elapsedMs,
    limit,
  );
  // A refused request does not count, so a client that waits as told is let through.
  if (!decision.allowed) await current.update({ count: FieldValue.increment(-1) });
  return decision;
}

/**
 * Counts one occurrence of `key` in its fixed window of `windowMs` (`rateLimits/{key}_{window}`, expiring with the
 * limits' counters) and answers its place in that window: 1 for the first. In a transaction, so that occurrences at
 * the same moment each get a place of their own (exactly one is the first), which a blind increment then a read
 * cannot promise: two at once would both read 2.
 */
export async function countOccurrence(
  db: Firestore,
  { key, windowMs, now }: { key: string; windowMs: number; now: number },
): Promise<number> {
  const { index } = rateLimitWindow(now, windowMs);
  const counter = db.collection(COLLECTIONS.rateLimits).doc(`${key}_${index}`);
  return runTransaction(db, async (tx) => {
    const count = countOf(await tx.get(counter)) + 1;
    tx.set(counter, { count, expiresAt: Timestamp.fromMillis((index + 1) * windowMs) });
    return count;
  });
}

function countOf(snap: DocumentSnapshot | undefined): number {
  const count: unknown = snap?.get('count');
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}

/**
 * The limiter of the deployment: counters in Firestore (`countRequest` above), so every Functions
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
