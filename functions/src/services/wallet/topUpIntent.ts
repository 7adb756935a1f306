import type { CreatePaymentIntentResponse } from '@stockseer/contract';
import type { PaymentGateway } from '../../adapters/stripe/gateway';

/**
 * A Stripe PaymentIntent for a wallet top-up. The dialog sends one key per payment step, so a double submit or a
 * retry gets the same intent. The key is scoped to the user and amount: another user's key, or the same key for
 * another amount, is another intent.
 */
export function createTopUpIntent(
  payments: PaymentGateway,
  { uid, amountCents, key }: { uid: string; amountCents: number; key: string },
): Promise<CreatePaymentIntentResponse> {
  return payments.createTopUp({ userId: uid, amountCents, idempotencyKey: `top-up:${uid}:${amountCents}:${key}` });
}
