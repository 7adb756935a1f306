import type { DocumentSnapshot } from 'firebase-admin/firestore';

/**
 * How long a caller that is refreshing an expired cache document keeps the others serving the old value: longer
 * than a provider call may take (massive-client's 10 s limit), short enough that a caller that died holding it
 * delays the refresh only briefly.
 */
const REFRESH_LEASE_MS = 15_000;

/** gRPC codes of a write whose precondition failed: the document changed (or went) since it was read. */
const FAILED_PRECONDITION = 9;
const NOT_FOUND = 5;

/**
 * Stale-while-revalidate across instances: of the callers that found the same expired document, the one whose
 * conditional write lands first (the document unchanged since its read) refreshes it; the others, and anyone who
 * reads it while the lease runs, serve the expired value. One atomic write, no transaction: a transaction on a busy
 * document would retry with a back-off of a second or more. True when this caller holds the lease now.
 */
export async function takeRefreshLease(snap: DocumentSnapshot, now: number): Promise<boolean> {
  const leaseUntil: unknown = snap.get('leaseUntil');
  if (typeof leaseUntil === 'number' && leaseUntil > now) return false;
  try {
    await snap.ref.update({ leaseUntil: now + REFRESH_LEASE_MS }, { lastUpdateTime: snap.updateTime! });
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === FAILED_PRECONDITION || code === NOT_FOUND) return false;
    throw error;
  }
}
