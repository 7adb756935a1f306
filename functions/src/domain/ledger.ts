/**
 * The wallet ledger (DESIGN 3): pure rules that take a wallet and return a decision, the next wallet and the
 * transactions to append. The Firestore repository applies a decision inside one transaction; nothing here reads
 * or writes anything, and no input is mutated.
 *
 * Money is integer cents. A wallet's money lives in three buckets: `balance` (available), `reservedBalance` ($1 per
 * paid prediction still waiting for its target date) and `chargedBalance` (fees of predictions that hit). Money only
 * enters by a deposit (or an admin `other` credit) and then only moves between buckets, so the buckets always sum
 * to what came in.
 */
import {
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  type Transaction,
  type TransactionType,
  type Wallet,
} from '@stockseer/contract';
import { newYorkDateOf } from './clock';
import { AppError, assertInvariant, InvariantViolation } from './errors';

export interface LedgerDecision {
  wallet: Wallet;
  /** To append, each written only if its id is absent. */
  transactions: Transaction[];
}

const ID_PREFIX = { deposit: 'deposit:', reserve: 'reserve:', settle: 'settle:' } as const;

/** Derived, not random, so a retried request, a replayed webhook or a re-run maintenance finds its own trace. */
export const ledgerTxId = {
  deposit: (paymentIntentId: string) => ID_PREFIX.deposit + paymentIntentId,
  reserve: (predictionId: string) => ID_PREFIX.reserve + predictionId,
  settle: (predictionId: string) => ID_PREFIX.settle + predictionId,
};

export const ALREADY_APPLIED = 'already applied';

/**
 * Runs `decide` only if `txId` is not among the wallet's transactions. The id check comes first (DESIGN 3): a
 * retried reservation must answer "done" even when the wallet could no longer afford it.
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
  return decided({
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
  assertInvariant(
    Number.isSafeInteger(amountCents) && amountCents > 0,
    `a deposit must be a positive whole number of cents, got ${amountCents}`,
  );
  return {
    wallet: decided({ ...wallet, balance: wallet.balance + amountCents, updatedAt: now.toISOString() }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.deposit(paymentIntentId),
        type: 'deposit',
        amount: amountCents,
        ticker: null,
        description: `Stripe payment: $${dollars(amountCents)}`,
      }),
    ],
  };
}

/** Pays for a new prediction: a free one from the monthly allowance first, else $1 reserved from the balance. */
export function usePredictionAllowance(
  wallet: Wallet,
  { predictionId, ticker, now }: { predictionId: string; ticker: string; now: Date },
): LedgerDecision & { isFree: boolean } {
  const id = ledgerTxId.reserve(predictionId);
  const updatedAt = now.toISOString();
  if (wallet.freePredictions > 0) {
    return {
      isFree: true,
      wallet: decided({ ...wallet, freePredictions: wallet.freePredictions - 1, updatedAt }),
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
  if (wallet.balance < PREDICTION_FEE_CENTS) {
    throw new AppError('insufficient_funds', 'Insufficient funds: add at least $1 to your wallet');
  }
  return {
    isFree: false,
    wallet: decided({
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
    wallet: decided({
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
  return decided({
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

/** Exact for integer cents (no float rounding): 1005 → "10.05". */
function dollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function transaction(
  wallet: Wallet,
  now: Date,
  fields: Pick<Transaction, 'id' | 'type' | 'amount' | 'ticker' | 'description'>,
): Transaction {
  const stamp = now.toISOString();
  return { ...fields, walletId: wallet.userId, date: stamp, createdAt: stamp };
}

/** Every wallet an operation returns passes the checks that need no history; the others run in maintenance. */
function decided(wallet: Wallet): Wallet {
  const violations = walletViolations(wallet);
  assertInvariant(violations.length === 0, violations.join('; '));
  return wallet;
}

function walletViolations(wallet: Wallet): string[] {
  const violations: string[] = [];
  for (const bucket of ['balance', 'reservedBalance', 'chargedBalance'] as const) {
    const cents = wallet[bucket];
    if (!Number.isSafeInteger(cents) || cents < 0) violations.push(`${bucket} is ${cents}, not whole cents >= 0`);
  }
  const free = wallet.freePredictions;
  if (!Number.isInteger(free) || free < 0 || free > FREE_PREDICTIONS_PER_MONTH) {
    violations.push(`freePredictions is ${free}, not 0..${FREE_PREDICTIONS_PER_MONTH}`);
  }
  return violations;
}

/** What the operation writing each type fixes: its id's prefix and, except for deposits and credits, its amount. */
const TYPE_RULES: Record<TransactionType, { idPrefix?: string; amount?: number }> = {
  deposit: { idPrefix: ID_PREFIX.deposit },
  reservation: { idPrefix: ID_PREFIX.reserve, amount: PREDICTION_FEE_CENTS },
  free_prediction: { idPrefix: ID_PREFIX.reserve, amount: 0 },
  payment: { idPrefix: ID_PREFIX.settle, amount: PREDICTION_FEE_CENTS },
  refund: { idPrefix: ID_PREFIX.settle, amount: PREDICTION_FEE_CENTS },
  other: {},
};

/**
 * Everything that must hold between a wallet and its whole transaction history; an empty list means healthy. The
 * daily maintenance reports these, tests assert them after every step.
 */
export function checkInvariants(wallet: Wallet, transactions: readonly Transaction[]): string[] {
  const violations = walletViolations(wallet);
  const total: Record<TransactionType, number> = {
    deposit: 0,
    reservation: 0,
    payment: 0,
    refund: 0,
    free_prediction: 0,
    other: 0,
  };
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

  const held = wallet.balance + wallet.reservedBalance + wallet.chargedBalance;
  const received = total.deposit + total.other;
  if (held !== received) violations.push(`wallet holds ${held} cents but received ${received}`);
  if (wallet.chargedBalance !== total.payment) {
    violations.push(`chargedBalance is ${wallet.chargedBalance} but payments total ${total.payment}`);
  }
  const open = [...reserved].filter((predictionId) => !settled.has(predictionId)).length;
  if (wallet.reservedBalance !== open * PREDICTION_FEE_CENTS) {
    violations.push(`reservedBalance is ${wallet.reservedBalance} but ${open} reservations are open`);
  }
  return violations;
}

export function assertInvariants(wallet: Wallet, transactions: readonly Transaction[]): void {
  const violations = checkInvariants(wallet, transactions);
  if (violations.length > 0) {
    throw new InvariantViolation(`wallet ${wallet.userId}: ${violations.join('; ')}`);
  }
}
