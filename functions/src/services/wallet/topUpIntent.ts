import type { Firestore } from 'firebase-admin/firestore';
import type { CreatePaymentIntentResponse } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { recordTopUpIntent } from '../../adapters/firestore/topUpIntents';

/**
 * A Stripe PaymentIntent for a wallet top-up. The dialog sends one key per payment step, so a double submit or a
 * retry gets the same intent. The key is scoped to the user and amount: another user's key, or the same key for
 * another amount, is another intent. Recorded before its client secret is answered, so that the account's closure
 * finds every intent that can be paid, and cancels it.
 */
export async function createTopUpIntent(
  { db, clock, payments }: { db: Firestore; clock: Clock; payments: PaymentGateway },
  { uid, amountCents, key }: { uid: string; amountCents: number; key: string },
): Promise<CreatePaymentIntentResponse> {
  const idempotencyKey = `top-up:${uid}:${amountCents}:${key}`;
  const intent = await payments.createTopUp({ userId: uid, amountCents, idempotencyKey });
  await recordTopUpIntent(db, { paymentIntentId: intent.paymentIntentId, userId: uid, now: clock.now() });
  return intent;
}
