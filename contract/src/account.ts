import { z } from 'zod';
import { Cents, IsoDateTime } from './common';
import { Prediction } from './predictions';
import { CustomerPayment } from './support';
import { UserProfile } from './users';
import { centsToDollars, Wallet } from './wallet';
import { TransactionLine } from './walletApi';

/**
 * The account's own API (docs/product.md#closing-an-account): what closing it would do, closing it, and a download
 * of everything the app keeps about its owner.
 */

/** What the owner types to confirm a closure. */
export const CLOSE_ACCOUNT_CONFIRMATION = 'CLOSE';

/** The texts the server sends about closing an account (409s, 400s), written once. */
export const ACCOUNT_MESSAGES = {
  walletOwes: (owedCents: number) =>
    `Your wallet is $${centsToDollars(owedCents)} below zero: add funds to repay it before you close your account.`,
  disputed: 'A top-up of yours is disputed with your bank: you can close your account once the bank has decided.',
  refundsPending:
    'Your refunds are on their way, but Stripe has not confirmed them yet: try closing your account again in a few minutes.',
  closing: 'This account is being closed: it can make no new predictions or top-ups.',
  closed: 'This account was closed.',
  confirmation: `Type ${CLOSE_ACCOUNT_CONFIRMATION} to confirm`,
} as const;

/** `POST /api/account/close`. */
export const CloseAccountRequest = z.object({
  confirmation: z.literal(CLOSE_ACCOUNT_CONFIRMATION, ACCOUNT_MESSAGES.confirmation),
});
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

/** Money going back to one top-up's card. */
export const ClosureRefund = z.object({
  paymentIntentId: z.string(),
  /** When the top-up was paid, and how much it brought. */
  toppedUpAt: IsoDateTime,
  topUpCents: Cents,
  refundCents: Cents.min(1),
});
export type ClosureRefund = z.infer<typeof ClosureRefund>;

/** `GET /api/account/closure`: what closing the account now would do, or why it cannot close now. */
export const ClosurePreview = z.object({
  /** Why the account cannot close now (a debt, a dispute), or null. */
  refusal: z.string().nullable(),
  availableCents: Cents,
  /** Open paid predictions: each is cancelled and its $1 goes back to Available, then to the card. */
  openPaidPredictions: z.array(Prediction.pick({ id: true, symbol: true, timeFrame: true, targetDate: true })),
  openFreePredictions: z.number().int().min(0),
  /** Newest top-up first, each at most what it has left to refund. */
  refunds: z.array(ClosureRefund),
  refundTotalCents: Cents,
  /** The courtesy credit still unspent: no card can take it back, so closing forfeits it. */
  forfeitCents: Cents,
});
export type ClosurePreview = z.infer<typeof ClosurePreview>;

/** `POST /api/account/close`: done; the refunds Stripe made, newest top-up first. */
export const CloseAccountResponse = z.object({
  refunds: z.array(z.object({ paymentIntentId: z.string(), refundCents: Cents })),
  refundTotalCents: Cents,
  cancelledPredictions: z.number().int().min(0),
});
export type CloseAccountResponse = z.infer<typeof CloseAccountResponse>;

/** `GET /api/account/export`: everything the app keeps about its owner ("Download my data"). */
export const AccountExport = z.object({
  exportedAt: IsoDateTime,
  profile: UserProfile.nullable(),
  wallet: Wallet.nullable(),
  predictions: z.array(Prediction),
  /** The whole statement, newest first. */
  statement: z.array(TransactionLine),
  /** Top-ups, newest first, each with what Stripe took back from it. */
  payments: z.array(CustomerPayment),
});
export type AccountExport = z.infer<typeof AccountExport>;
