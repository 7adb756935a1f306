import express, { type Request } from 'express';
import type { AppDeps } from '../deps';
import { validationError } from '../../domain/errors';
import { processPaymentEvent } from '../../services/paymentEvents';
import { limitBody, WEBHOOK_BODY_LIMIT_BYTES } from '../bodyLimit';
import type { ApiRoute } from '../routeTable';

/**
 * `POST /api/payments/webhook`: Stripe's events, public (Stripe has no ID token; the signature is the proof).
 * `payment_intent.succeeded` credits the wallet exactly once; refunds and disputes take money back (read from
 * Stripe); other events are acknowledged and ignored. An event that can never be applied is recorded as an admin
 * alert and acknowledged; only a failure a redelivery can cure (database or Stripe unreachable) answers 5xx, so
 * Stripe delivers the event again later. Reads its raw body, not JSON (see rawBodyOf).
 */
export function paymentWebhookRoutes(deps: AppDeps): ApiRoute[] {
  const { payments } = deps;
  const limit = WEBHOOK_BODY_LIMIT_BYTES;
  return [
    {
      method: 'post',
      path: '/payments/webhook',
      guard: 'public',
      body: 'raw',
      handlers: [
        limitBody(limit),
        express.raw({ type: '*/*', limit }),
        async (req, res) => {
          const event = payments.verifyWebhook(rawBodyOf(req), req.get('stripe-signature'));
          const outcome = await processPaymentEvent(deps, event);
          res.json({ received: true, ...outcome });
        },
      ],
    },
  ];
}

/**
 * The signature covers the exact bytes Stripe sent. Cloud Functions (and their emulator) parse the body before our
 * app runs and keep those bytes in `req.rawBody`; elsewhere `express.raw` above reads them into `req.body`.
 */
function rawBodyOf(req: Request): Buffer {
  const { rawBody } = req as Request & { rawBody?: unknown };
  if (Buffer.isBuffer(rawBody)) return rawBody;
  if (Buffer.isBuffer(req.body)) return req.body;
  throw validationError('A Stripe webhook needs its raw request body');
}
