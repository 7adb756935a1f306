import { ERROR_MESSAGES } from '@stockseer/contract';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, type AppErrorKind } from '../domain/errors';
import { databaseUnavailable, isDatabaseOutage } from '../adapters/databaseOutage';
import { log } from '../adapters/logging/log';

/** The one place where the error family becomes HTTP. */
const STATUS: Record<AppErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  insufficient_funds: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  model_failed: 422,
  upstream_unavailable: 503,
};

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/**
 * The client's mistakes that Express finds before a route runs: body-parser's (a `type`, and `expose` on a 4xx)
 * and the router's undecodable path parameter (a URIError with status 400). They say so plainly.
 */
function requestError(err: unknown): { status: number; message: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { type, status, expose } = err as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.parse.failed') return { status: 400, message: 'Request body is not valid JSON' };
  if (type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  if (err instanceof URIError && status === 400) return { status: 400, message: 'Request path is not valid' };
  if (typeof type === 'string' && expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: `Request body cannot be read: ${(err as Error).message}` };
  }
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  // The database out of reach after the client's own retries: retryable, so a 503 (Stripe redelivers on a 5xx).
  const appError = err instanceof AppError ? err : isDatabaseOutage(err) ? databaseUnavailable(err) : undefined;
  if (appError) {
    // Outages are ours to watch, though the client's message says nothing internal.
    const { cause } = appError;
    if (appError.kind === 'upstream_unavailable')
      log.warn(`Upstream unavailable: ${cause instanceof Error ? cause.message : appError.message}`);
    if (appError.retryAfterSeconds !== undefined) res.set('Retry-After', String(appError.retryAfterSeconds));
    res.status(STATUS[appError.kind]).json({ message: appError.message });
    return;
  }
  const clientError = requestError(err);
  if (clientError) {
    res.status(clientError.status).json({ message: clientError.message });
    return;
  }
  // A bug or an outage we did not classify: log it for us, tell the client nothing internal.
  log.error('Unhandled error', err);
  res.status(500).json({ message: ERROR_MESSAGES.serverError });
};
