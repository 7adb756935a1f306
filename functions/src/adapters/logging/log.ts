import { createHash } from 'node:crypto';
import * as logger from 'firebase-functions/logger';
import { currentRequestId } from './requestContext';

/**
 * The functions' one way to log: structured JSON with a severity (Cloud Logging's format, through the Functions
 * SDK's logger, which also adds the request's Cloud Trace id), each line carrying the id of the request it belongs
 * to. Rules: no money amount, token, key or card number in a line, and a user only as `uidHash`.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;

/** The structured fields of a line: the request's id, then the line's own. */
const entry = (fields: Fields = {}): Fields => {
  const requestId = currentRequestId();
  return requestId === undefined ? fields : { requestId, ...fields };
};

export const log = {
  info: (message: string, fields?: Fields) => logger.info(message, entry(fields)),
  warn: (message: string, fields?: Fields) => logger.warn(message, entry(fields)),
  /**
   * An error, logged once where it is handled, with its stack in the message: what Cloud Error Reporting groups.
   * A non-Error value is logged as it is.
   */
  // Written as an entry of its own: the SDK's `error()` would append its own call's stack to a message that holds none.
  error: (message: string, error?: unknown, fields?: Fields) =>
    logger.write({
      ...entry(fields),
      severity: 'ERROR',
      message: `${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    }),
};

/** A user in a log line: a stable pseudonym, not the uid itself (which would join logs to a person directly). */
export function uidHash(uid: string): string {
  return createHash('sha256').update(`stockseer-log:${uid}`).digest('hex').slice(0, 16);
}
