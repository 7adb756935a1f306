import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { upstreamUnavailable, type AppError } from '../../domain/errors';

/** gRPC status codes with which the Firestore client gives up on a database it cannot reach in time. */
const DEADLINE_EXCEEDED = 4;
const UNAVAILABLE = 14;

export const DATABASE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable: please try again in a moment';

/** True for an error of the Firestore client meaning the database could not be reached, after its own retries. */
export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === UNAVAILABLE || code === DEADLINE_EXCEEDED;
}

export const databaseUnavailable = (cause: unknown): AppError =>
  upstreamUnavailable(DATABASE_UNAVAILABLE_MESSAGE, cause);

/**
 * `db.runTransaction`, except that an outage ends it. Firestore re-runs a transaction whose read failed with
 * UNAVAILABLE or DEADLINE_EXCEEDED, up to its attempts with growing pauses: minutes against a database that is
 * down, though the client already retried that read. Contention (ABORTED) still re-runs the transaction; a commit
 * that failed on an outage re-runs it once, and that attempt's first read ends it if the database is still away.
 */
export function runTransaction<T>(
  db: Firestore,
  update: (tx: Transaction) => Promise<T>,
  options?: { maxAttempts?: number },
): Promise<T> {
  return db.runTransaction(async (tx) => {
    try {
      return await update(tx);
    } catch (error) {
      throw isDatabaseOutage(error) ? databaseUnavailable(error) : error;
    }
  }, options);
}
