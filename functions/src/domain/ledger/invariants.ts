/**
 * The ledger's invariants (docs/product.md#money-and-the-wallet-ledger), stated once and asserted at three depths: on
 * every wallet a rule returns (`decided`), on every decision the wallet writer commits (`operationViolations`), and on
 * a wallet's history (`checkInvariants` in history.ts: tests and the nightly audit of daily maintenance).
 */
import type { TransactionType } from '@stockseer/contract';
import {
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  type Transaction,
  type Wallet,
  type WalletFigures,
} from '@stockseer/contract';
import { assertInvariant } from '../errors';
import { ID_PREFIX } from './ids';

export interface LedgerDecision {
  wallet: Wallet;
  /** To append, each written only if its id is absent. */
  transactions: Transaction[];
}

/**
 * Every wallet an operation returns passes the checks that need no history; the others run in maintenance. Only
 * money taken back (`mayOwe`) may lower a balance below zero; any other operation leaves it no lower than it was.
 */
export function decided(before: Wallet | null, after: Wallet, { mayOwe = false } = {}): Wallet {
  const violations = walletViolations(after);
  if (after.balance < 0 && !mayOwe && after.balance < (before?.balance ?? 0)) {
    violations.push(`balance would drop to ${after.balance} cents, and only a refund or dispute may owe money`);
  }
  assertInvariant(violations.length === 0, violations.join('; '));
  return after;
}

/** What the wallet's refund holds add up to: money out of Available on its way back to a card, not yet refunded. */
export function heldForRefunds(wallet: Wallet): number {
  return Object.values(wallet.refundHolds ?? {}).reduce((sum, hold) => sum + hold.amountCents, 0);
}

/** The wallet alone: whole cents everywhere, no bucket but the balance below zero. */
export function walletViolations(wallet: Wallet): string[] {
  const violations: string[] = [];
  for (const [holdId, { amountCents }] of Object.entries(wallet.refundHolds ?? {})) {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
      violations.push(`refund hold ${holdId} is ${amountCents}, not whole cents > 0`);
    }
  }
  if (!Number.isSafeInteger(wallet.balance)) violations.push(`balance is ${wallet.balance}, not whole cents`);
  for (const bucket of ['reservedBalance', 'chargedBalance'] as const) {
    const cents = wallet[bucket];
    if (!Number.isSafeInteger(cents) || cents < 0) violations.push(`${bucket} is ${cents}, not whole cents >= 0`);
  }
  const free = wallet.freePredictions;
  if (!Number.isInteger(free) || free < 0 || free > FREE_PREDICTIONS_PER_MONTH) {
    violations.push(`freePredictions is ${free}, not 0..${FREE_PREDICTIONS_PER_MONTH}`);
  }
  return violations;
}

/**
 * How a line moves each of the wallet's figures, per cent of its amount: +1 in, -1 out, 0 untouched. `held` is the
 * money of refunds in progress (`heldForRefunds`): out of Available, still the wallet's until Stripe refunds it.
 */
type Moves = { readonly [figure in keyof WalletFigures | 'held']: -1 | 0 | 1 };
const COMES_IN: Moves = { available: 1, reserved: 0, charged: 0, held: 0 };
const GOES_OUT: Moves = { available: -1, reserved: 0, charged: 0, held: 0 };
const MOVES_NOTHING: Moves = { available: 0, reserved: 0, charged: 0, held: 0 };

/**
 * What the operation writing each type fixes: its id's prefix, its amount where fixed, and how it moves the wallet's
 * three figures (docs/product.md#statement): a reservation moves $1 from available to reserved, a release moves it
 * back, a charge moves it from reserved to charged; money in or taken back moves available only.
 */
export const TYPE_RULES: Record<TransactionType, { idPrefix?: string; amount?: number; moves: Moves }> = {
  deposit: { idPrefix: ID_PREFIX.deposit, moves: COMES_IN },
  reservation: {
    idPrefix: ID_PREFIX.reserve,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: -1, reserved: 1, charged: 0, held: 0 },
  },
  free_prediction: { idPrefix: ID_PREFIX.reserve, amount: 0, moves: MOVES_NOTHING },
  payment: {
    idPrefix: ID_PREFIX.settle,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: 0, reserved: -1, charged: 1, held: 0 },
  },
  refund: {
    idPrefix: ID_PREFIX.settle,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: 1, reserved: -1, charged: 0, held: 0 },
  },
  // Under the settlement's id: a reservation is settled once, whether charged, released or cancelled.
  cancellation: {
    idPrefix: ID_PREFIX.settle,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: 1, reserved: -1, charged: 0, held: 0 },
  },
  other: { moves: COMES_IN },
  credit: { idPrefix: ID_PREFIX.credit, moves: COMES_IN },
  // The house's money going back to the house: no card, no Stripe object.
  forfeiture: { idPrefix: ID_PREFIX.forfeit, moves: GOES_OUT },
  top_up_refund: { idPrefix: ID_PREFIX.topUpRefund, moves: GOES_OUT },
  dispute: { idPrefix: ID_PREFIX.dispute, moves: GOES_OUT },
  dispute_won: { idPrefix: ID_PREFIX.disputeWon, moves: COMES_IN },
  // The decision alone: the amount left when the dispute was opened.
  dispute_lost: { idPrefix: ID_PREFIX.disputeLost, moves: MOVES_NOTHING },
  // An admin's refund in progress: out of Available, held until its refund is applied (which takes it out of
  // Available in the same commit as the release) or refused.
  refund_hold: { idPrefix: ID_PREFIX.refundHold, moves: { available: -1, reserved: 0, charged: 0, held: 1 } },
  refund_hold_release: {
    idPrefix: ID_PREFIX.refundHoldRelease,
    moves: { available: 1, reserved: 0, charged: 0, held: -1 },
  },
};

/** What a transaction of this type did to each of the wallet's figures, in signed cents. */
export function lineEffect(t: Pick<Transaction, 'type' | 'amount'>): WalletFigures {
  const { moves } = TYPE_RULES[t.type];
  // `|| 0`: no -0 for a line that moves a figure by nothing.
  return {
    available: moves.available * t.amount || 0,
    reserved: moves.reserved * t.amount || 0,
    charged: moves.charged * t.amount || 0,
  };
}

/**
 * How a transaction of this type changes the money the wallet holds (balance + reserved + charged + held for
 * refunds): a refund hold and its release move money inside the wallet, and change nothing here.
 */
export function heldChange(t: Pick<Transaction, 'type' | 'amount'>): number {
  const { available, reserved, charged, held } = TYPE_RULES[t.type].moves;
  return (available + reserved + charged + held) * t.amount || 0;
}

/** The lines that end a reservation: its charge, its release, or its cancellation when the account closed. */
export const SETTLES_A_RESERVATION = new Set<TransactionType>(['payment', 'refund', 'cancellation']);

/**
 * `checkInvariants` checks a wallet against its whole history, too costly inside every
 * transaction. This is its per-operation form: when each applied decision moves the buckets by exactly what its
 * transactions say, the whole history keeps the invariants by induction. Empty means the decision is sound.
 */
export function operationViolations(before: Wallet, { wallet: after, transactions }: LedgerDecision): string[] {
  const sum = (...types: Transaction['type'][]) =>
    transactions.filter((t) => types.includes(t.type)).reduce((total, t) => total + t.amount, 0);
  const count = (type: Transaction['type']) => transactions.filter((t) => t.type === type).length;
  const held = (w: Wallet) => w.balance + w.reservedBalance + w.chargedBalance + heldForRefunds(w);
  const violations: string[] = [];
  const expect = (what: string, actual: number, expected: number) => {
    if (actual !== expected) violations.push(`${what} moved by ${actual}, its transactions say ${expected}`);
  };

  if (after.userId !== before.userId || after.createdAt !== before.createdAt)
    violations.push('the wallet changed identity');
  for (const t of transactions) {
    if (t.walletId !== before.userId) violations.push(`transaction ${t.id} names wallet ${t.walletId}`);
  }
  expect(
    'money held',
    held(after) - held(before),
    transactions.reduce((total, t) => total + heldChange(t), 0),
  );
  expect('chargedBalance', after.chargedBalance - before.chargedBalance, sum('payment'));
  expect(
    'reservedBalance',
    after.reservedBalance - before.reservedBalance,
    sum('reservation') - sum(...SETTLES_A_RESERVATION),
  );
  expect(
    'refund holds',
    heldForRefunds(after) - heldForRefunds(before),
    sum('refund_hold') - sum('refund_hold_release'),
  );
  expect('freePredictions', after.freePredictions - before.freePredictions, -count('free_prediction'));
  return violations;
}
