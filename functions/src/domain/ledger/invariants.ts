/**
 * The ledger's invariants (docs/product.md#money-and-the-wallet-ledger), stated once and asserted at three depths: on
 * every wallet a rule returns (`decided`), on every decision the wallet writer commits (`operationViolations`), and on
 * a wallet's whole history (`checkInvariants`: tests and the nightly audit of daily maintenance).
 */
import {
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  TransactionType,
  type Transaction,
  type Wallet,
  type WalletFigures,
} from '@stockseer/contract';
import { assertInvariant, InvariantViolation } from '../errors';
import { ID_PREFIX, ledgerTxId } from './ids';

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
function walletViolations(wallet: Wallet): string[] {
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
const TYPE_RULES: Record<TransactionType, { idPrefix?: string; amount?: number; moves: Moves }> = {
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
const SETTLES_A_RESERVATION = new Set<TransactionType>(['payment', 'refund', 'cancellation']);

/**
 * Everything that must hold between a wallet and its whole transaction history; an empty list means healthy. The
 * daily maintenance reports these, tests assert them after every step.
 */
export function checkInvariants(wallet: Wallet, transactions: readonly Transaction[]): string[] {
  const violations = walletViolations(wallet);
  const total = Object.fromEntries(TransactionType.options.map((type) => [type, 0])) as Record<TransactionType, number>;
  const ids = new Set<string>();
  const reserved = new Set<string>();
  const settled = new Set<string>();
  for (const t of transactions) {
    if (ids.has(t.id)) violations.push(`transaction ${t.id} appears twice`);
    ids.add(t.id);
    if (t.walletId !== wallet.userId) violations.push(`transaction ${t.id} belongs to wallet ${t.walletId}`);
    const { idPrefix = '', amount } = TYPE_RULES[t.type];
    if (!t.id.startsWith(idPrefix)) violations.push(`transaction ${t.id} (${t.type}) should have an id ${idPrefix}…`);
    if (!Number.isSafeInteger(t.amount) || t.amount < 0 || (amount !== undefined && t.amount !== amount)) {
      violations.push(`transaction ${t.id} (${t.type}) has amount ${t.amount}`);
    }
    total[t.type] += t.amount;
    const predictionId = t.id.slice(idPrefix.length);
    if (t.type === 'reservation') reserved.add(predictionId);
    if (SETTLES_A_RESERVATION.has(t.type)) {
      if (settled.has(predictionId)) violations.push(`reservation of ${predictionId} is settled twice`);
      settled.add(predictionId);
    }
  }
  for (const predictionId of settled) {
    if (!reserved.has(predictionId)) violations.push(`${predictionId} is settled but was never reserved`);
  }
  violations.push(...takenBackViolations(transactions));
  violations.push(...refundHoldViolations(wallet, transactions));

  const held = wallet.balance + wallet.reservedBalance + wallet.chargedBalance + heldForRefunds(wallet);
  const received = total.deposit + total.other + total.credit;
  const takenBack = total.top_up_refund + total.dispute - total.dispute_won;
  // Money out: what Stripe took back, and the courtesy credit a closing gave back to the house.
  const out = takenBack + total.forfeiture;
  if (held !== received - out)
    violations.push(`wallet holds ${held} cents but received ${received} and gave back ${out}`);
  // Only what no card brought can be forfeited, and only by the account itself (one id per account).
  if (total.forfeiture > total.credit + total.other) {
    violations.push(`${total.forfeiture} cents forfeited, more than the ${total.credit + total.other} credited`);
  }
  for (const t of transactions) {
    if (t.type === 'forfeiture' && t.id !== ledgerTxId.forfeit(wallet.userId)) {
      violations.push(`forfeiture ${t.id} is not ${wallet.userId}'s closing`);
    }
  }
  if (wallet.balance < 0 && -wallet.balance > takenBack) {
    violations.push(`balance is ${wallet.balance} cents, more debt than the ${takenBack} cents given back`);
  }
  if (wallet.chargedBalance !== total.payment) {
    violations.push(`chargedBalance is ${wallet.chargedBalance} but payments total ${total.payment}`);
  }
  const open = [...reserved].filter((predictionId) => !settled.has(predictionId)).length;
  if (wallet.reservedBalance !== open * PREDICTION_FEE_CENTS) {
    violations.push(`reservedBalance is ${wallet.reservedBalance} but ${open} reservations are open`);
  }
  return violations;
}

/**
 * Money taken back, top-up by top-up (in any order: a history is read back unordered): each top-up it names was
 * credited and gives back no more than it brought; each dispute closes at most once, after it was opened, for the
 * amount it held.
 */
const TAKEN_BACK_TYPES = new Set<TransactionType>(['top_up_refund', 'dispute', 'dispute_won', 'dispute_lost']);

function takenBackViolations(transactions: readonly Transaction[]): string[] {
  const violations: string[] = [];
  const deposits = new Map<string, number>();
  const outstanding = new Map<string, number>();
  const opened = new Map<string, number>();
  const closed = new Map<string, Transaction[]>();
  for (const t of transactions) {
    if (t.type === 'deposit') deposits.set(t.id.slice(ID_PREFIX.deposit.length), t.amount);
    if (!TAKEN_BACK_TYPES.has(t.type)) continue;
    const key = t.id.slice(TYPE_RULES[t.type].idPrefix?.length ?? 0);
    const paymentIntentId = key.split(':')[0] ?? '';
    outstanding.set(paymentIntentId, (outstanding.get(paymentIntentId) ?? 0) - heldChange(t));
    if (t.type === 'dispute') opened.set(key, t.amount);
    if (t.type === 'dispute_won' || t.type === 'dispute_lost') closed.set(key, [...(closed.get(key) ?? []), t]);
  }
  for (const [paymentIntentId, out] of outstanding) {
    const deposited = deposits.get(paymentIntentId);
    if (deposited === undefined)
      violations.push(`money is taken back from ${paymentIntentId}, which was never credited`);
    else if (out > deposited)
      violations.push(`${paymentIntentId} gave back ${out} cents of the ${deposited} it brought`);
  }
  for (const [key, closings] of closed) {
    const held = opened.get(key);
    if (held === undefined) violations.push(`dispute ${key} closes but was never opened`);
    if (closings.length > 1) violations.push(`dispute ${key} closes twice`);
    for (const t of closings) {
      if (held !== undefined && t.amount !== held) violations.push(`dispute ${key} held ${held}, closes ${t.amount}`);
    }
  }
  return violations;
}

/**
 * Refund holds: each ends at most once, after it was made, for its amount; those not ended are exactly the wallet's
 * `refundHolds`, amount for amount.
 */
function refundHoldViolations(wallet: Wallet, transactions: readonly Transaction[]): string[] {
  const violations: string[] = [];
  const made = new Map<string, number>();
  const ended = new Map<string, number>();
  for (const t of transactions) {
    if (t.type === 'refund_hold') made.set(t.id.slice(ID_PREFIX.refundHold.length), t.amount);
    if (t.type === 'refund_hold_release') ended.set(t.id.slice(ID_PREFIX.refundHoldRelease.length), t.amount);
  }
  for (const [holdId, amount] of ended) {
    const heldCents = made.get(holdId);
    if (heldCents === undefined) violations.push(`refund hold ${holdId} ends but was never made`);
    else if (heldCents !== amount) violations.push(`refund hold ${holdId} held ${heldCents}, ends ${amount}`);
  }
  const open = new Map([...made].filter(([holdId]) => !ended.has(holdId)));
  const onWallet = new Map(Object.entries(wallet.refundHolds ?? {}).map(([id, hold]) => [id, hold.amountCents]));
  for (const [holdId, amount] of open) {
    if (onWallet.get(holdId) !== amount) {
      violations.push(`refund hold ${holdId} of ${amount} is open, the wallet holds ${onWallet.get(holdId) ?? 0}`);
    }
  }
  for (const holdId of onWallet.keys()) {
    if (!open.has(holdId)) violations.push(`the wallet holds ${holdId} for a refund, which no open hold line says`);
  }
  return violations;
}

export function assertInvariants(wallet: Wallet, transactions: readonly Transaction[]): void {
  const violations = checkInvariants(wallet, transactions);
  if (violations.length > 0) {
    throw new InvariantViolation(`wallet ${wallet.userId}: ${violations.join('; ')}`);
  }
}

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
