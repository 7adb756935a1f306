/**
 * The one error family of the server. Domain and adapters throw these; the HTTP layer maps each kind to a status
 * in one place (http/errors.ts). Anything else that escapes is a bug and becomes a 500 without details.
 */
import { ACCOUNT_MESSAGES } from '@stockseer/contract';

export type AppErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'insufficient_funds'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'upstream_unavailable'
  | 'model_failed';

export class AppError extends Error {
  /** For `rate_limited`: when the caller may try again (the HTTP layer sends it as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export const validationError = (message: string) => new AppError('validation', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new AppError('rate_limited', message, { retryAfterSeconds });
export const upstreamUnavailable = (message: string, cause?: unknown) =>
  new AppError('upstream_unavailable', message, { cause });

/** TigerBeetle's habit: a broken invariant is a loud failure, never a silent fix. */
export class InvariantViolation extends Error {
  override name = 'InvariantViolation';
}

/**
 * `message` may be a function: checks that run per bar or per fitted day pass one, so that the text (numbers turned
 * into strings) is built only when the check fails, not on every call of a hot loop.
 */
export function assertInvariant(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new InvariantViolation(typeof message === 'function' ? message() : message);
}

/**
 * Money or a profile for an account that was closed (docs/product.md#closing-an-account): nothing re-creates its
 * wallet or profile. `unapplied`: the ledger lines the refused commit would have added (none: a replay of what the
 * closure already wrote, such as a late refund webhook).
 */
export class AccountClosed extends AppError {
  constructor(
    readonly userId: string,
    readonly unapplied: readonly string[] = [],
  ) {
    super('not_found', ACCOUNT_MESSAGES.closed);
    this.name = 'AccountClosed';
  }
}
