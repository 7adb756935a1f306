import express, { Router, type Request } from 'express';
import type { AppDeps } from '../deps';
import { validationError } from '../../domain/errors';
import { creditTopUp } from '../../adapters/firestore/wallets';
import { limitBody, WEBHOOK_BODY_LIMIT_BYTES } from '../bodyLimit';

/**
 * `POST /api/payments/webhook`: Stripe's events, public (Stripe has no ID token; the signature is the proof).
 * `payment_intent.succeeded` credits the wallet exactly once; any other event is acknowledged and ignored. A failure
 * to credit answers 5xx, so Stripe delivers the event again later. Mounted before the JSON parser (see rawBodyOf).
 */
export function paymentWebhookRoutes({ db, clock, payments }: AppDeps): Router {
  const router = Router();
  const limit = WEBHOOK_BODY_LIMIT_BYTES;
  router.post('/payments/webhook', limitBody(limit), express.raw({ type: '*/*', limit }), async (req, res) => {
    const event = payments.verifyWebhook(rawBodyOf(req), req.get('stripe-signature'));
    if (event.kind === 'top_up_succeeded') {
      const { payment } = event;
      if (payment.userId === null) {
        console.warn(`Stripe event ${event.eventId}: PaymentIntent ${payment.paymentIntentId} is not a wallet top-up`);
      } else {
        await creditTopUp(db, { ...payment, userId: payment.userId }, clock.now());
      }
    }
    res.json({ received: true });
  });
  return router;
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
