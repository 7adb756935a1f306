import type { Request, RequestHandler } from 'express';
import { AppError } from '../domain/errors';

/** The JSON API's request bodies: the largest real one is a few hundred bytes. */
export const API_BODY_LIMIT_BYTES = 100 * 1024;
/** Stripe's webhook events: a PaymentIntent event is a few KB; Stripe sets no hard maximum, so be generous. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * 413 for a body over `maxBytes`. Cloud Functions (and their emulator) read and parse the body before our app runs,
 * up to 32 MB, keeping the bytes in `req.rawBody`; express.json and express.raw then see a parsed body and never
 * apply their own limit. Outside Functions those parsers enforce the same limit themselves.
 */
export function limitBody(maxBytes: number): RequestHandler {
  return (req, _res, next) => {
    const { rawBody } = req as Request & { rawBody?: unknown };
    if (Buffer.isBuffer(rawBody) && rawBody.length > maxBytes) {
      throw new AppError('payload_too_large', `Request body is too large: at most ${maxBytes / 1024} KB`);
    }
    next();
  };
}
