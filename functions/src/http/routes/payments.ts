import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { CreatePaymentIntentRequest, IdempotencyKey, type CreatePaymentIntentResponse } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { callerOf } from '../auth';
import { parseInput } from '../validate';

/** `POST /api/payments/create-intent` `{ amount }` in dollars: a Stripe PaymentIntent for a wallet top-up. */
export function paymentRoutes({ payments, rateLimiter }: AppDeps): Router {
  const router = Router();
  router.post('/payments/create-intent', async (req, res) => {
    const { uid } = callerOf(req);
    const { amountCents } = parseInput(CreatePaymentIntentRequest, req.body);
    const clientKey = req.get('idempotency-key');
    // The dialog sends one key per payment step, so a double submit or a retry gets the same intent. The key is
    // scoped to the user and amount: another user's key, or the same key for another amount, is another intent.
    const key = clientKey === undefined ? randomUUID() : parseInput(IdempotencyKey, clientKey);
    await rateLimiter.enforce(uid, 'payments.createIntent');
    const intent = await payments.createTopUp({
      userId: uid,
      amountCents,
      idempotencyKey: `top-up:${uid}:${amountCents}:${key}`,
    });
    res.json(intent satisfies CreatePaymentIntentResponse);
  });
  return router;
}
