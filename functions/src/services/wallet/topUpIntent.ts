import type { Firestore } from 'firebase-admin/firestore';
import { ACCOUNT_MESSAGES, type CreatePaymentIntentResponse } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { conflict } from '../../domain/errors';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { recordTopUpIntent } from '../../adapters/firestore/topUpIntents';
import { writeWhileOpen } from '../../adapters/firestore/walletWriter';

/**
 * A Stripe PaymentIntent for a wallet top-up (docs/product.md#top-ups). The dialog sends one key per payment step, so
 * a double submit or a retry gets the same intent. The key is scoped to the user and amount: another user's key, or
 * the same key for another amount, is another intent. Refused (409) once the account is closing or closed: checked
 * before Stripe is asked, and again where the intent is recorded (before its client secret is answered), in the
 * transaction that reads the closing mark, so that the account's closure either finds the intent and cancels it, or
 * the intent is cancelled here and never answered.
 */
export async function createTopUpIntent(
  { db, clock, payments }: { db: Firestore; clock: Clock; payments: PaymentGateway },
  { uid, amountCents, key }: { uid: string; amountCents: number; key: string },
): Promise<CreatePaymentIntentResponse> {
  refuseUnlessOpen(await writeWhileOpen(db, uid, () => {}));
  const idempotencyKey = `top-up:${uid}:${amountCents}:${key}`;
  const intent = await payments.createTopUp({ userId: uid, amountCents, idempotencyKey });
  const state = await recordTopUpIntent(db, { paymentIntentId: intent.paymentIntentId, userId: uid, now: clock.now() });
  // The closure began in between: nobody will see this intent's secret, and no card may pay it.
  if (state !== 'open') await payments.cancelTopUp(intent.paymentIntentId);
  refuseUnlessOpen(state);
  return intent;
}

function refuseUnlessOpen(state: 'open' | 'closing' | 'closed'): void {
  if (state !== 'open') throw conflict(state === 'closing' ? ACCOUNT_MESSAGES.closing : ACCOUNT_MESSAGES.closed);
}
