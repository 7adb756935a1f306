import type { Request, RequestHandler } from 'express';
import { AppError } from '../domain/errors';

export const JSON_ONLY_MESSAGE = 'Request body must be JSON: send it with Content-Type: application/json';

/**
 * 415 for a request body that is not JSON. The API's bodies are JSON only; Cloud Functions parse a form-encoded
 * body into `req.body` before our app runs, so without this a form post would reach the routes as if it were JSON
 * (and, e.g., reserve $1 for a generate a browser form could send cross-site without a preflight). Decided on the
 * headers, since the body may already be parsed: a request without a body (many POSTs have none) passes.
 */
export const jsonOnly: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is('application/json')) throw new AppError('unsupported_media_type', JSON_ONLY_MESSAGE);
  next();
};

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}
