import type {
  Firestore,
  ReadOnlyTransactionOptions,
  ReadWriteTransactionOptions,
  Transaction,
} from 'firebase-admin/firestore';
import { databaseUnavailable, isDatabaseOutage } from '../databaseOutage';
import { countWork } from '../logging/requestContext';

/**
 * `db.runTransaction`, except that an outage ends it. Firestore re-runs a transaction whose read failed with
 * UNAVAILABLE or DEADLINE_EXCEEDED, up to its attempts with growing pauses: minutes against a database that is
 * down, though the client already retried that read. Contention (ABORTED) still re-runs the transaction; a commit
 * that failed on an outage re-runs it once, and that attempt's first read ends it if the database is still away.
 * Each re-run is counted on the request's line (a retry after contention waits a back-off first).
 */
export function runTransaction<T>(
  db: Firestore,
  update: (tx: Transaction) => Promise<T>,
  options?: ReadWriteTransactionOptions | ReadOnlyTransactionOptions,
): Promise<T> {
  let attempts = 0;
  return db.runTransaction(async (tx) => {
    if (attempts++ > 0) countWork('transactionRetries');
    try {
      return await update(tx);
    } catch (error) {
      throw isDatabaseOutage(error) ? databaseUnavailable(error) : error;
    }
  }, options);
}
