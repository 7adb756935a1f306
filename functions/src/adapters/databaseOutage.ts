import { ERROR_MESSAGES } from '@stockseer/contract';
import { upstreamUnavailable, type AppError } from '../domain/errors';

/*
 * How a database outage shows: the Firestore client's gRPC status codes, read off the error without importing the
 * client, so the HTTP error handler can classify an outage that escaped a transaction.
 */

/** gRPC status codes with which the Firestore client gives up on a database it cannot reach in time. */
const DEADLINE_EXCEEDED = 4;
const UNAVAILABLE = 14;

/** True for an error of the Firestore client meaning the database could not be reached, after its own retries. */
export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === UNAVAILABLE || code === DEADLINE_EXCEEDED;
}

export const databaseUnavailable = (cause: unknown): AppError =>
  upstreamUnavailable(ERROR_MESSAGES.databaseUnavailable, cause);
