/**
 * The wallet ledger (docs/product.md#money-and-the-wallet-ledger): pure rules that take a wallet and return a decision,
 * the next wallet and the transactions to append. The Firestore repository applies a decision inside one transaction;
 * nothing here reads or writes anything, and no input is mutated.
 *
 * Money is integer cents. A wallet's money lives in three buckets: `balance` (available), `reservedBalance` ($1 per
 * paid prediction still waiting for its target date) and `chargedBalance` (fees of predictions that hit). Money only
 * enters by a deposit (or an admin `other` credit) and then moves between buckets; it leaves only when Stripe takes
 * a top-up back (a refund or a dispute), so the buckets always sum to what came in less what went back out.
 *
 * Invariants (asserted on every decision here, on every applied operation by the repository, and on whole histories
 * by `checkInvariants`):
 * - reservedBalance >= 0, chargedBalance >= 0, freePredictions in 0..5, all whole numbers;
 * - balance >= 0, except that money leaving after it came in may take it below zero (the wallet then owes money);
 *   every other operation leaves a negative balance no lower than it found it;
 * - balance + reservedBalance + chargedBalance == deposits + credits - refunds - disputes + disputes won, and the
 *   debt is never larger than what went back out (-balance <= refunds + disputes - disputes won);
 * - per top-up: it was credited before anything was taken back, and refunds plus open or lost disputes never take
 *   back more than it brought in; a dispute is closed at most once, won or lost, and only after it was opened;
 * - every reservation is settled at most once; every transaction id appears once.
 */
import {
  centsToDollars,
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  TransactionType,
  walletOwesMessage,
  type Transaction,
  type Wallet,
  type WalletFigures,
  ERROR_MESSAGES,
} from '@stockseer/contract';
import { newYorkDateOf } from './clock';
import { AppError, assertInvariant, InvariantViolation } from './errors';

export interface LedgerDecision {
  wallet: Wallet;
  /** To append, each written only if its id is absent. */
  transactions: Transaction[];
}

const ID_PREFIX = {
  deposit: 'deposit:',
  reserve: 'reserve:',
  settle: 'settle:',
  topUpRefund: 'top-up-refund:',
  dispute: 'dispute:',
  disputeWon: 'dispute-won:',
  disputeLost: 'dispute-lost:',
} as const;

/**
 * Derived, not random, so a retried request, a replayed webhook or a re-run maintenance finds its own trace. Money
 * taken back names its top-up too (`{paymentIntentId}:{refundId}`), so a history alone shows what it took back from.
 */
export const ledgerTxId = {
  deposit: (paymentIntentId: string) => ID_PREFIX.deposit + paymentIntentId,
  reserve: (predictionId: string) => ID_PREFIX.reserve + predictionId,
  settle: (predictionId: string) => ID_PREFIX.settle + predictionId,
  topUpRefund: (paymentIntentId: string, refundId: string) => `${ID_PREFIX.topUpRefund}${paymentIntentId}:${refundId}`,
  dispute: (paymentIntentId: string, disputeId: string) => `${ID_PREFIX.dispute}${paymentIntentId}:${disputeId}`,
  disputeWon: (paymentIntentId: string, disputeId: string) => `${ID_PREFIX.disputeWon}${paymentIntentId}:${disputeId}`,
  disputeLost: (paymentIntentId: string, disputeId: string) =>
    `${ID_PREFIX.disputeLost}${paymentIntentId}:${disputeId}`,
};

export const ALREADY_APPLIED = 'already applied';

/**
 * Runs `decide` only if `txId` is not among the wallet's transactions. The id check comes first
 * (docs/product.md#ledger-lines): a retried reservation must answer "done" even when the wallet could no longer
 * afford it.
 */
export function applyOnce(
  existingTxIds: ReadonlySet<string>,
  txId: string,
  decide: () => LedgerDecision,
): LedgerDecision | typeof ALREADY_APPLIED {
  if (existingTxIds.has(txId)) return ALREADY_APPLIED;
  const decision = decide();
  // Otherwise the check above would guard a different write than the one made.
  assertInvariant(
    decision.transactions.every((t) => t.id === txId),
    `decision for ${txId} appends ${decision.transactions.map((t) => t.id).join(', ')}`,
  );
  return decision;
}

export function newWallet(userId: string, now: Date): Wallet {
  const stamp = now.toISOString();
  const createdOn = newYorkDateOf(now);
  return decided(null, {
    userId,
    balance: 0,
    reservedBalance: 0,
    chargedBalance: 0,
    freePredictions: FREE_PREDICTIONS_PER_MONTH,
    resetDate: nextResetDate(createdOn, createdOn),
    createdAt: stamp,
    updatedAt: stamp,
  });
}

/** Credits a succeeded Stripe payment. The amount comes from Stripe, so a bad one is a bug, not user input. */
export function deposit(
  wallet: Wallet,
  { paymentIntentId, amountCents, now }: { paymentIntentId: string; amountCents: number; now: Date },
): LedgerDecision {
  assertPositiveCents(amountCents, 'a deposit');
  // A wallet below zero after a refund pays its debt first, simply by adding to the negative balance.
  return {
    wallet: decided(wallet, { ...wallet, balance: wallet.balance + amountCents, updatedAt: now.toISOString() }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.deposit(paymentIntentId),
        type: 'deposit',
        amount: amountCents,
        ticker: null,
        description: `Stripe payment: $${centsToDollars(amountCents)}`,
      }),
    ],
  };
}

/** Which top-up money is taken back from, and how much: Stripe's numbers, so a bad one is a bug, not user input. */
interface TakenBack {
  paymentIntentId: string;
  amountCents: number;
  now: Date;
}

/**
 * A Stripe refund of a top-up, full or partial (`charge.refunded`): the amount leaves the available balance. If it
 * was already spent on predictions, the balance goes below zero and the wallet owes the difference.
 */
export function refundTopUp(
  wallet: Wallet,
  { paymentIntentId, refundId, amountCents, now }: TakenBack & { refundId: string },
): LedgerDecision {
  return takeBack(wallet, now, amountCents, {
    id: ledgerTxId.topUpRefund(paymentIntentId, refundId),
    type: 'top_up_refund',
    amount: amountCents,
    ticker: null,
    description: `Refund of Stripe payment: $${centsToDollars(amountCents)}`,
  });
}

/**
 * A dispute (chargeback) of a top-up was opened (`charge.dispute.created`): the bank holds the amount while it
 * decides, so it leaves the available balance now, like a refund.
 */
export function openDispute(
  wallet: Wallet,
  { paymentIntentId, disputeId, amountCents, now }: TakenBack & { disputeId: string },
): LedgerDecision {
  return takeBack(wallet, now, amountCents, {
    id: ledgerTxId.dispute(paymentIntentId, disputeId),
    type: 'dispute',
    amount: amountCents,
    ticker: null,
    description: `Disputed Stripe payment: $${centsToDollars(amountCents)} held back`,
  });
}

/**
 * The bank decided an opened dispute (`charge.dispute.closed`): won puts the amount back into the balance; lost
 * moves nothing (it stays deducted) and records the decision, so the history says why.
 */
export function closeDispute(
  wallet: Wallet,
  { paymentIntentId, disputeId, amountCents, outcome, now }: TakenBack & { disputeId: string; outcome: 'won' | 'lost' },
): LedgerDecision {
  assertPositiveCents(amountCents, 'a dispute');
  const won = outcome === 'won';
  const amount = centsToDollars(amountCents);
  return {
    wallet: decided(wallet, {
      ...wallet,
      balance: wallet.balance + (won ? amountCents : 0),
      updatedAt: now.toISOString(),
    }),
    transactions: [
      transaction(wallet, now, {
        id: won
          ? ledgerTxId.disputeWon(paymentIntentId, disputeId)
          : ledgerTxId.disputeLost(paymentIntentId, disputeId),
        type: won ? 'dispute_won' : 'dispute_lost',
        amount: amountCents,
        ticker: null,
        description: won ? `Dispute won: $${amount} returned` : `Dispute lost: $${amount} stays deducted`,
      }),
    ],
  };
}

/** The one operation allowed to take a balance below zero. */
function takeBack(
  wallet: Wallet,
  now: Date,
  amountCents: number,
  fields: Pick<Transaction, 'id' | 'type' | 'amount' | 'ticker' | 'description'>,
): LedgerDecision {
  assertPositiveCents(amountCents, `${fields.type} ${fields.id}`);
  const next = { ...wallet, balance: wallet.balance - amountCents, updatedAt: now.toISOString() };
  return { wallet: decided(wallet, next, { mayOwe: true }), transactions: [transaction(wallet, now, fields)] };
}

function assertPositiveCents(amountCents: number, what: string): void {
  assertInvariant(
    Number.isSafeInteger(amountCents) && amountCents > 0,
    `${what} must be a positive whole number of cents, got ${amountCents}`,
  );
}

/** Pays for a new prediction: a free one from the monthly allowance first, else $1 reserved from the balance. */
export function payForPrediction(
  wallet: Wallet,
  { predictionId, ticker, now }: { predictionId: string; ticker: string; now: Date },
): LedgerDecision & { isFree: boolean } {
  const id = ledgerTxId.reserve(predictionId);
  const updatedAt = now.toISOString();
  if (wallet.freePredictions > 0) {
    return {
      isFree: true,
      wallet: decided(wallet, { ...wallet, freePredictions: wallet.freePredictions - 1, updatedAt }),
      transactions: [
        transaction(wallet, now, {
          id,
          type: 'free_prediction',
          amount: 0,
          ticker,
          description: `Free prediction: ${ticker}`,
        }),
      ],
    };
  }
  // Free predictions above still work while the wallet owes money; paid ones wait until the debt is paid.
  if (wallet.balance < 0) throw new AppError('insufficient_funds', walletOwesMessage(-wallet.balance));
  if (wallet.balance < PREDICTION_FEE_CENTS) {
    throw new AppError('insufficient_funds', ERROR_MESSAGES.insufficientFunds);
  }
  return {
    isFree: false,
    wallet: decided(wallet, {
      ...wallet,
      balance: wallet.balance - PREDICTION_FEE_CENTS,
      reservedBalance: wallet.reservedBalance + PREDICTION_FEE_CENTS,
      updatedAt,
    }),
    transactions: [
      transaction(wallet, now, {
        id,
        type: 'reservation',
        amount: PREDICTION_FEE_CENTS,
        ticker,
        description: `Reserved for ${ticker} prediction`,
      }),
    ],
  };
}

/** Settles a resolved prediction's reservation: charged on a hit, released to the balance on a miss. */
export function settle(
  wallet: Wallet,
  {
    predictionId,
    ticker,
    outcome,
    isFree,
    now,
  }: { predictionId: string; ticker: string; outcome: 'hit' | 'missed'; isFree: boolean; now: Date },
): LedgerDecision {
  // A free prediction reserved nothing, so there is nothing to charge or give back.
  if (isFree) return { wallet, transactions: [] };
  assertInvariant(
    wallet.reservedBalance >= PREDICTION_FEE_CENTS,
    `settling ${predictionId} needs a $1 reservation, but ${wallet.userId} has ${wallet.reservedBalance} cents reserved`,
  );
  const hit = outcome === 'hit';
  return {
    wallet: decided(wallet, {
      ...wallet,
      reservedBalance: wallet.reservedBalance - PREDICTION_FEE_CENTS,
      chargedBalance: wallet.chargedBalance + (hit ? PREDICTION_FEE_CENTS : 0),
      balance: wallet.balance + (hit ? 0 : PREDICTION_FEE_CENTS),
      updatedAt: now.toISOString(),
    }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.settle(predictionId),
        type: hit ? 'payment' : 'refund',
        amount: PREDICTION_FEE_CENTS,
        ticker,
        description: hit ? `Fee for ${ticker} prediction (hit)` : `Refund for ${ticker} prediction (missed)`,
      }),
    ],
  };
}

/**
 * Refills the monthly allowance once `resetDate` has come (`today` is New York's date). Returns null when it is not
 * due, so there is nothing to write. Unused free predictions do not carry over: the allowance is set, not added.
 */
export function resetAllowanceIfDue(wallet: Wallet, { today, now }: { today: string; now: Date }): Wallet | null {
  if (wallet.resetDate > today) return null;
  return decided(wallet, {
    ...wallet,
    freePredictions: FREE_PREDICTIONS_PER_MONTH,
    resetDate: nextResetDate(newYorkDateOf(new Date(wallet.createdAt)), today),
    updatedAt: now.toISOString(),
  });
}

/**
 * The first whole month after `createdOn` that falls after `today`. Counting from the creation day rather than from
 * the last reset date keeps a wallet made on the 31st resetting on the 31st (or the month's last day), instead of
 * drifting to the 28th after February clamped it once.
 */
function nextResetDate(createdOn: string, today: string): string {
  let months = 1;
  while (addMonths(createdOn, months) <= today) months += 1;
  return addMonths(createdOn, months);
}

/** `YYYY-MM-DD` plus whole calendar months, clamped to the month's last day (Jan 31 + 1 = Feb 28 or 29). */
function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDate = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(Math.min(date, lastDate), 2)}`;
}

function transaction(
  wallet: Wallet,
  now: Date,
  fields: Pick<Transaction, 'id' | 'type' | 'amount' | 'ticker' | 'description'>,
): Transaction {
  const stamp = now.toISOString();
  return { ...fields, walletId: wallet.userId, date: stamp, createdAt: stamp };
}

/**
 * Every wallet an operation returns passes the checks that need no history; the others run in maintenance. Only
 * money taken back (`mayOwe`) may lower a balance below zero; any other operation leaves it no lower than it was.
 */
function decided(before: Wallet | null, after: Wallet, { mayOwe = false } = {}): Wallet {
  const violations = walletViolations(after);
  if (after.balance < 0 && !mayOwe && after.balance < (before?.balance ?? 0)) {
    violations.push(`balance would drop to ${after.balance} cents, and only a refund or dispute may owe money`);
  }
  assertInvariant(violations.length === 0, violations.join('; '));
  return after;
}

/** The wallet alone: whole cents everywhere, no bucket but the balance below zero. */
function walletViolations(wallet: Wallet): string[] {
  const violations: string[] = [];
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

/** How a line moves each of the wallet's figures, per cent of its amount: +1 in, -1 out, 0 untouched. */
type Moves = { readonly [figure in keyof WalletFigures]: -1 | 0 | 1 };
const COMES_IN: Moves = { available: 1, reserved: 0, charged: 0 };
const GOES_OUT: Moves = { available: -1, reserved: 0, charged: 0 };
const MOVES_NOTHING: Moves = { available: 0, reserved: 0, charged: 0 };

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
    moves: { available: -1, reserved: 1, charged: 0 },
  },
  free_prediction: { idPrefix: ID_PREFIX.reserve, amount: 0, moves: MOVES_NOTHING },
  payment: {
    idPrefix: ID_PREFIX.settle,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: 0, reserved: -1, charged: 1 },
  },
  refund: {
    idPrefix: ID_PREFIX.settle,
    amount: PREDICTION_FEE_CENTS,
    moves: { available: 1, reserved: -1, charged: 0 },
  },
  other: { moves: COMES_IN },
  top_up_refund: { idPrefix: ID_PREFIX.topUpRefund, moves: GOES_OUT },
  dispute: { idPrefix: ID_PREFIX.dispute, moves: GOES_OUT },
  dispute_won: { idPrefix: ID_PREFIX.disputeWon, moves: COMES_IN },
  // The decision alone: the amount left when the dispute was opened.
  dispute_lost: { idPrefix: ID_PREFIX.disputeLost, moves: MOVES_NOTHING },
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

/** How a transaction of this type changes the money the wallet holds (balance + reserved + charged). */
export function heldChange(t: Pick<Transaction, 'type' | 'amount'>): number {
  const { available, reserved, charged } = lineEffect(t);
  return available + reserved + charged;
}

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
    if (t.type === 'payment' || t.type === 'refund') {
      if (settled.has(predictionId)) violations.push(`reservation of ${predictionId} is settled twice`);
      settled.add(predictionId);
    }
  }
  for (const predictionId of settled) {
    if (!reserved.has(predictionId)) violations.push(`${predictionId} is settled but was never reserved`);
  }
  violations.push(...takenBackViolations(transactions));

  const held = wallet.balance + wallet.reservedBalance + wallet.chargedBalance;
  const received = total.deposit + total.other;
  const takenBack = total.top_up_refund + total.dispute - total.dispute_won;
  if (held !== received - takenBack) {
    violations.push(`wallet holds ${held} cents but received ${received} and gave back ${takenBack}`);
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

export function assertInvariants(wallet: Wallet, transactions: readonly Transaction[]): void {
  const violations = checkInvariants(wallet, transactions);
  if (violations.length > 0) {
    throw new InvariantViolation(`wallet ${wallet.userId}: ${violations.join('; ')}`);
  }
}
