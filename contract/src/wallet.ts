import { z } from 'zod';
import { Cents, IsoDate, IsoDateTime } from './common';

/** Every wallet gets this many free predictions a month (docs/product.md#free-allowance). */
export const FREE_PREDICTIONS_PER_MONTH = 5;
/** A non-free prediction reserves $1, charged only if it hits (docs/product.md#generating-a-prediction). */
export const PREDICTION_FEE_CENTS = 100;

/**
 * `payment` is the charge of a reservation whose prediction hit, `refund` its release on a miss. `credit` is a
 * courtesy credit an admin gave (docs/product.md#courtesy-credits): money from the house, not from a card, so Stripe
 * has no payment for it; it counts beside deposits in the money the wallet holds, as `other` (an adjustment of the
 * original app) does.
 *
 * Money that leaves after it came in (docs/product.md#refunds-and-disputes): `top_up_refund` is a Stripe refund of a
 * top-up (full or partial), `dispute` the amount a bank took back while a chargeback is decided, `dispute_won` its
 * return. `dispute_lost` records the bank's final decision and moves nothing: the disputed amount stays deducted.
 *
 * `cancellation` gives back the $1 of a paid prediction still open when its owner closed the account
 * (docs/product.md#closing-an-account): no charge, the money goes back to Available before it is refunded.
 * `forfeiture` is the courtesy credit still unspent when its owner closed the account: no card can take it back, so
 * it goes back to the house (at most what courtesy credits brought, once per account).
 *
 * `refund_hold` holds the amount of an admin's refund out of Available before Stripe is asked to refund it
 * (docs/product.md#admin-refunds); `refund_hold_release` ends the hold once, either in the commit that applies the
 * refund (which takes the amount out of Available: the hold becomes the refund) or back to Available when Stripe
 * refuses it.
 */
export const TransactionType = z.enum([
  'deposit',
  'reservation',
  'payment',
  'refund',
  'free_prediction',
  'other',
  'top_up_refund',
  'dispute',
  'dispute_won',
  'dispute_lost',
  'credit',
  'cancellation',
  'forfeiture',
  'refund_hold',
  'refund_hold_release',
]);
export type TransactionType = z.infer<typeof TransactionType>;

/** An admin's refund in progress: its amount, out of Available, until Stripe's refund is applied or refused. */
export const RefundHold = z.object({ paymentIntentId: z.string(), amountCents: Cents.min(1), heldAt: IsoDateTime });
export type RefundHold = z.infer<typeof RefundHold>;

/** A courtesy credit as the wallet remembers it for its 30-day ceiling (docs/product.md#courtesy-credits). */
export const RecentCredit = z.object({ at: IsoDateTime, amountCents: Cents.min(1) });
export type RecentCredit = z.infer<typeof RecentCredit>;

/**
 * A user's prepaid wallet, in cents; its history is the `Transaction`s below
 * (docs/product.md#money-and-the-wallet-ledger).
 */
export const Wallet = z.object({
  userId: z.string(),
  balance: Cents,
  reservedBalance: Cents,
  chargedBalance: Cents,
  freePredictions: z.number().int().min(0),
  resetDate: IsoDate,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /**
   * Set when its owner began closing the account (docs/product.md#closing-an-account): no new prediction is made on
   * it from then on, and the wallet is deleted once its money is back on the cards it came from.
   */
  closingSince: IsoDateTime.optional(),
  /**
   * Admin refunds in progress by request id (docs/product.md#admin-refunds): money out of Available that is not yet
   * refunded. Absent when there is none.
   */
  refundHolds: z.record(z.string(), RefundHold).optional(),
  /** The courtesy credits of the last 30 days, which their ceiling counts; absent when there is none. */
  recentCredits: z.array(RecentCredit).optional(),
});
export type Wallet = z.infer<typeof Wallet>;

/**
 * One append-only line of a wallet's ledger. The id is derived from what caused it (`deposit:{paymentIntentId}`,
 * `reserve:{predictionId}`, `settle:{predictionId}`) so a retry finds it and moves no money twice. The amount is
 * never signed: the type says which way the money went.
 */
export const Transaction = z.object({
  id: z.string(),
  /** The wallet's id, which is its owner's user id. */
  walletId: z.string(),
  type: TransactionType,
  amount: Cents.min(0),
  ticker: z.string().nullish(),
  description: z.string(),
  date: IsoDateTime,
  createdAt: IsoDateTime,
});
export type Transaction = z.infer<typeof Transaction>;

/** Whole cents as dollars with two decimals, exact (no float rounding): 1005 -> "10.05", -250 -> "-2.50". */
export function centsToDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The 402 of a paid prediction while a refund or a lost dispute has left the wallet below zero (the text);
 * `owedCents` is how far below zero, a positive number.
 */
export function walletOwesMessage(owedCents: number): string {
  return `Your wallet is $${centsToDollars(owedCents)} below zero after a refund; add funds to continue`;
}
