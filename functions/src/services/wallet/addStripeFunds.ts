import type { Firestore } from 'firebase-admin/firestore';
import type { AddStripeFundsResponse } from '@stockseer/contract';
import type { Clock } from '../../domain/clock';
import { conflict, notFound } from '../../domain/errors';
import type { PaymentGateway } from '../../adapters/stripe/gateway';
import { creditTopUp } from '../../adapters/firestore/wallets';
import { withRenewedAllowance } from '../../adapters/firestore/allowance';

/**
 * The fast path of a top-up (the webhook is the other): right after the card payment the browser asks for the
 * credit, so the balance shows it without waiting for the webhook. Stripe says how much and for whom; the caller
 * names only the PaymentIntent. Credited once, whichever path comes first.
 */
export async function addStripeFunds(
  { db, clock, payments }: { db: Firestore; clock: Clock; payments: PaymentGateway },
  uid: string,
  paymentIntentId: string,
): Promise<AddStripeFundsResponse> {
  const payment = await payments.retrieveTopUp(paymentIntentId);
  // Another user's payment answers like an unknown one, so ids reveal nothing about other accounts.
  if (payment.userId !== uid) throw notFound('Payment not found');
  if (!payment.succeeded) throw conflict(`Payment has not succeeded (status: ${payment.status})`);
  const { wallet: afterCredit, credited } = await creditTopUp(db, { ...payment, userId: uid }, clock.now());
  const wallet = await withRenewedAllowance(db, afterCredit, clock);
  return { wallet, amountCents: payment.amountCents, credited };
}
