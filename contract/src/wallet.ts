import { z } from 'zod';
import { Cents, IsoDateTime } from './common';

/** SPEC 9: every wallet gets this many free predictions a month. */
export const FREE_PREDICTIONS_PER_MONTH = 5;
/** SPEC 9: a non-free prediction reserves $1, charged only if it hits. */
export const PREDICTION_FEE_CENTS = 100;

/**
 * `payment` is the charge of a reservation whose prediction hit, `refund` its release on a miss. `other` is an
 * admin credit; it counts beside deposits in the money the wallet holds.
 */
export const TransactionType = z.enum(['deposit', 'reservation', 'payment', 'refund', 'free_prediction', 'other']);
export type TransactionType = z.infer<typeof TransactionType>;

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
