import { randomUUID } from 'node:crypto';
import { CreatePaymentIntentRequest, IdempotencyKey, type CreatePaymentIntentResponse } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { createTopUpIntent } from '../../services/wallet/topUpIntent';

/** `POST /api/payments/create-intent` `{ amount }` in dollars: a Stripe PaymentIntent for a wallet top-up. */
export function paymentRoutes({ db, clock, payments, rateLimiter }: AppDeps): ApiRoute[] {
  return [
    post('/payments/create-intent', 'liveSession', async (req, res) => {
      const { uid } = callerOf(req);
      const { amountCents } = parseInput(CreatePaymentIntentRequest, req.body);
      const clientKey = req.get('idempotency-key');
      const key = clientKey === undefined ? randomUUID() : parseInput(IdempotencyKey, clientKey);
      await rateLimiter.enforce(uid, 'payments.createIntent');
      const intent = await createTopUpIntent({ db, clock, payments }, { uid, amountCents, key });
      res.json(intent satisfies CreatePaymentIntentResponse);
    }),
  ];
}
