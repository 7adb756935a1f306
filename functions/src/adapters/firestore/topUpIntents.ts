/**
 * The top-up PaymentIntents created for each user, `topUpIntents/{paymentIntentId}`: Stripe lists PaymentIntents by
 * customer, not by metadata (its search lags behind writes), so the closure of an account finds here the intents it
 * must cancel (docs/product.md#closing-an-account). A user id and Stripe's id, no personal data: kept after closure.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from './db';
import { writeWhileOpen } from './walletWriter';
import { buildQuery, QUERIES } from './queries';

/**
 * Recorded once Stripe made the intent, unless the account is closing or closed (then nothing is written, and the
 * answer says which): in the transaction that reads the wallet's closing mark, so a closure either lists this intent
 * or is seen here. The same intent again (an idempotent retry) writes the same record.
 */
export async function recordTopUpIntent(
  db: Firestore,
  { paymentIntentId, userId, now }: { paymentIntentId: string; userId: string; now: Date },
): Promise<'open' | 'closing' | 'closed'> {
  const record = { paymentIntentId, userId, createdAt: now.toISOString() };
  return writeWhileOpen(db, userId, (tx) =>
    tx.set(db.collection(COLLECTIONS.topUpIntents).doc(paymentIntentId), record),
  );
}

/** The ids of every top-up PaymentIntent created for the user. */
export async function topUpIntentsOf(db: Firestore, userId: string): Promise<string[]> {
  const snap = await buildQuery(db, QUERIES.topUpIntentsOf, [userId]).select().get();
  return snap.docs.map((doc) => doc.id);
}
