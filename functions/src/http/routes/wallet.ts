import { Router } from 'express';
import {
  AddStripeFundsRequest,
  type AddStripeFundsResponse,
  type TransactionLine,
  type Wallet,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { conflict, notFound } from '../../domain/errors';
import { creditTopUp, walletOf } from '../../adapters/firestore/wallets';
import { recentTransactions } from '../../adapters/firestore/transactions';
import { withRenewedAllowance } from '../../adapters/firestore/allowance';

/** The caller's wallet, its history, and the fast path of a top-up (the webhook is the other). */
export function walletRoutes({ db, clock, payments, rateLimiter }: AppDeps): Router {
  const router = Router();

  router.get('/wallet', async (req, res) => {
    const wallet = await walletOf(db, callerOf(req), clock.now());
    res.json((await withRenewedAllowance(db, wallet, clock)) satisfies Wallet);
  });

  router.get('/wallet/transactions', async (req, res) => {
    res.json((await recentTransactions(db, callerOf(req).uid, clock.now())) satisfies TransactionLine[]);
  });

  // Right after the card payment the browser asks for the credit, so the balance shows it without waiting for the
  // webhook. Stripe says how much and for whom; the body names only the PaymentIntent.
  router.post('/wallet/add-stripe-funds', async (req, res) => {
    const { uid } = callerOf(req);
    const { paymentIntentId } = parseInput(AddStripeFundsRequest, req.body);
    await rateLimiter.enforce(uid, 'payments.addFunds');
    const payment = await payments.retrieveTopUp(paymentIntentId);
    // Another user's payment answers like an unknown one, so ids reveal nothing about other accounts.
    if (payment.userId !== uid) throw notFound('Payment not found');
    if (!payment.succeeded) throw conflict(`Payment has not succeeded (status: ${payment.status})`);
    const { wallet: afterCredit, credited } = await creditTopUp(db, { ...payment, userId: uid }, clock.now());
    const wallet = await withRenewedAllowance(db, afterCredit, clock);
    res.json({ wallet, amountCents: payment.amountCents, credited } satisfies AddStripeFundsResponse);
  });

  return router;
}
