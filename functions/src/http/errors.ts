import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, type AppErrorKind } from '../domain/errors';
import { databaseUnavailable, isDatabaseOutage } from '../adapters/firestore/outage';

/** The one place where the error family becomes HTTP. */
const STATUS: Record<AppErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  insufficient_funds: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  model_failed: 422,
  upstream_unavailable: 503,
};

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** Body-parser failures carry a `status` and `type`; they are the client's fault and say so plainly. */
function bodyParserError(err: unknown): { status: number; message: string } | undefined {
  if (typeof err !== 'object' || err === null || !('type' in err)) return undefined;
  const type = (err as { type: unknown }).type;
  if (type === 'entity.parse.failed') return { status: 400, message: 'Request body is not valid JSON' };
  if (type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  // The database out of reach after the client's own retries: retryable, so a 503 (Stripe redelivers on a 5xx).
  const appError = err instanceof AppError ? err : isDatabaseOutage(err) ? databaseUnavailable(err) : undefined;
  if (appError) {
    // Outages are ours to watch, though the client's message says nothing internal.
    const { cause } = appError;
    if (appError.kind === 'upstream_unavailable')
      console.warn(`Upstream unavailable: ${cause instanceof Error ? cause.message : appError.message}`);
    res.status(STATUS[appError.kind]).json({ message: appError.message });
    return;
  }
  const parserError = bodyParserError(err);
  if (parserError) {
    res.status(parserError.status).json({ message: parserError.message });
    return;
  }
  // A bug or an outage we did not classify: log it for us, tell the client nothing internal.
  console.error('Unhandled error', err);
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
};
