import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  decideRateLimit,
  rateLimitWindow,
  type RateLimit,
  type RateLimitDecision,
  type RateLimitedAction,
} from '../../domain/rateLimit';
import { COLLECTIONS } from './db';

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

function countOf(snap: DocumentSnapshot | undefined): number {
  const count: unknown = snap?.get('count');
  return typeof count === 'number' && Number.isFinite(count) ? count : 0;
}
