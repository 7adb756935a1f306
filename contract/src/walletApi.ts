import { z } from 'zod';
import { Cents, TimeFrame } from './common';
import { Transaction, Wallet } from './wallet';

/**
 * The wallet's API (docs/product.md#top-ups): top-ups through Stripe, the wallet itself and its history. Top-up
 * amounts travel in dollars, as the user typed them; everything after validation is integer cents.
 */

/** The add-funds limits, default and quick amounts, in dollars (docs/product.md#top-ups). */
export const TOP_UP_DOLLARS = {
  min: 5,
  max: 1000,
  default: 10,
  quick: [5, 10, 20, 50, 100, 200],
} as const;

/** What can be wrong with a top-up amount, in the order it is checked. */
export type TopUpProblem = 'invalid' | 'tooSmall' | 'tooLarge' | 'tooPrecise';

/** Each problem's message (the last one came later: a card is charged in whole cents, so we never round). */
export const TOP_UP_MESSAGES: Record<TopUpProblem, string> = {
  invalid: 'Please enter a valid amount greater than 0',
  tooSmall: `Please enter an amount of at least $${TOP_UP_DOLLARS.min}`,
  tooLarge: `Please enter an amount of at most $${TOP_UP_DOLLARS.max}`,
  tooPrecise: 'Please enter an amount with at most 2 decimal places',
};

/**
 * The one check of a top-up amount, for the dialog and the server alike; null when it can be charged. At most two
 * decimals is checked on the number's shortest decimal form, so 10.1 passes and 10.001 does not, with no float
 * rounding in between.
 */
export function topUpProblem(dollars: number): TopUpProblem | null {
  if (!Number.isFinite(dollars) || dollars <= 0) return 'invalid';
  if (dollars < TOP_UP_DOLLARS.min) return 'tooSmall';
  if (dollars > TOP_UP_DOLLARS.max) return 'tooLarge';
  if (!/^\d+(\.\d{1,2})?$/.test(String(dollars))) return 'tooPrecise';
  return null;
}

/** Dollars with at most two decimals to whole cents: exact, because the rounding only removes float noise. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * A top-up amount in dollars to whole cents. The issue has no path, so its message is the problem's alone, as the
 * dialog shows it.
 */
function topUpCents(value: unknown, ctx: z.RefinementCtx): number {
  const problem = typeof value === 'number' ? topUpProblem(value) : 'invalid';
  if (problem === null) return dollarsToCents(value as number);
  ctx.addIssue({ code: 'custom', message: TOP_UP_MESSAGES[problem] });
  return z.NEVER;
}

/**
 * `POST /api/payments/create-intent` body: `{ amount }` in dollars (docs/product.md#top-ups), parsed to
 * `{ amountCents }`.
 */
export const CreatePaymentIntentRequest = z
  .object({ amount: z.unknown() })
  .transform((body, ctx) => ({ amountCents: topUpCents(body.amount, ctx) }));
export type CreatePaymentIntentRequest = z.input<typeof CreatePaymentIntentRequest>;

export const CreatePaymentIntentResponse = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;

/** Stripe's PaymentIntent ids (`pi_…`); anything else never reaches Stripe. */
export const PaymentIntentId = z
  .string()
  .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'expected a Stripe PaymentIntent id (pi_…)');

/**
 * `POST /api/wallet/add-stripe-funds` body. Only the PaymentIntent's id: the amount is always read from Stripe,
 * never taken from the client (docs/product.md#top-ups).
 */
export const AddStripeFundsRequest = z.object({ paymentIntentId: PaymentIntentId });
export type AddStripeFundsRequest = z.infer<typeof AddStripeFundsRequest>;

/** `credited` is false when the webhook (or an earlier call) already credited this payment: no money moved twice. */
export const AddStripeFundsResponse = z.object({
  wallet: Wallet,
  amountCents: Cents.positive(),
  credited: z.boolean(),
});
export type AddStripeFundsResponse = z.infer<typeof AddStripeFundsResponse>;

/**
 * An `Idempotency-Key` header: a client-made random id (a UUID), so a retried request does the work once. Kept to
 * a safe alphabet because the server builds Stripe idempotency keys and document ids from it.
 */
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 characters of A-Z, a-z, 0-9, "_" or "-"');

/** `GET /api/wallet`: the caller's wallet (created on first use, like `POST /api/me`). */
export const WalletResponse = Wallet;

/** `GET /api/wallet/transactions` returns at most this many, newest first. */
export const TRANSACTION_HISTORY_LIMIT = 200;
/**
 * The wallet's three money figures as the Wallet tab names them (docs/product.md#wallet-figures), in cents: Available
 * is the wallet's `balance` (below zero while it owes money), Reserved its `reservedBalance`, Charged its
 * `chargedBalance`.
 */
export const WalletFigures = z.object({ available: Cents, reserved: Cents, charged: Cents });
export type WalletFigures = z.infer<typeof WalletFigures>;

/**
 * A Payment History line, one line of a statement (docs/product.md#statement): the transaction; for a prediction's
 * lines, which model and time frame it was; what it did to each of the wallet's figures (`effect`, signed cents) and
 * the figures after it. The newest line's `after` is the wallet; the oldest line's `after` less its `effect` is what
 * the wallet held before it (zero when the list is the wallet's whole history).
 */
export const TransactionLine = Transaction.extend({
  prediction: z.object({ modelName: z.string(), timeFrame: TimeFrame }).nullable(),
  effect: WalletFigures,
  after: WalletFigures,
});
export type TransactionLine = z.infer<typeof TransactionLine>;
export const TransactionsResponse = z.array(TransactionLine).max(TRANSACTION_HISTORY_LIMIT);
