/**
 * The wallet ledger (docs/product.md#money-and-the-wallet-ledger): pure rules that take a wallet and return a decision,
 * the next wallet and the transactions to append. The wallet writer (functions/src/adapters/firestore/walletWriter.ts) commits
 * decisions inside one transaction; nothing here reads or writes anything, and no input is mutated.
 *
 * Money is integer cents. A wallet's money lives in three buckets: `balance` (available), `reservedBalance` ($1 per
 * paid prediction still waiting for its target date) and `chargedBalance` (fees of predictions that hit). Money only
 * enters by a deposit (or a courtesy `credit` an admin gave, or an `other` adjustment of the original app) and then moves between buckets; it leaves only when Stripe takes
 * a top-up back (a refund or a dispute), so the buckets always sum to what came in less what went back out.
 *
 * Invariants (invariants.ts asserts them on every decision here, on every decision the wallet writer commits, and on
 * whole histories with `checkInvariants`):
 * - reservedBalance >= 0, chargedBalance >= 0, freePredictions in 0..5, all whole numbers;
 * - balance >= 0, except that money leaving after it came in may take it below zero (the wallet then owes money);
 *   every other operation leaves a negative balance no lower than it found it;
 * - balance + reservedBalance + chargedBalance + held for refunds == deposits + credits - refunds - disputes +
 *   disputes won - forfeitures, and the debt is never larger than what went back out (-balance <= refunds +
 *   disputes - disputes won);
 * - an admin refund's hold (`holdForRefund`) never takes balance below zero, and ends once (`endRefundHold`): in the
 *   commit of its refund's line, or back to the balance when Stripe refuses; the open holds are `refundHolds`;
 * - per top-up: it was credited before anything was taken back, and refunds plus open or lost disputes never take
 *   back more than it brought in; a dispute is closed at most once, won or lost, and only after it was opened;
 * - every reservation is settled at most once; every transaction id appears once.
 */
import {
  ACCOUNT_MESSAGES,
  centsToDollars,
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  walletOwesMessage,
  type RecentCredit,
  type Transaction,
  type Wallet,
  ERROR_MESSAGES,
  COURTESY_CREDIT_CENTS,
  SUPPORT_MESSAGES,
} from '@stockseer/contract';
import { newYorkDateOf } from '../clock';
import { AppError, assertInvariant } from '../errors';
import { ledgerTxId } from './ids';
import { decided, heldForRefunds, type LedgerDecision } from './invariants';

export type { LedgerDecision };

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

/** The ceilings of courtesy credits (config.ts): per credit, and per customer over the last 30 days. */
export interface CourtesyCreditCaps {
  perCreditCents: number;
  per30DaysCents: number;
}

export const DEFAULT_COURTESY_CREDIT_CAPS: CourtesyCreditCaps = { perCreditCents: 5_000, per30DaysCents: 10_000 };

/** The window of the per-customer ceiling. */
export const COURTESY_CREDIT_WINDOW_MS = 30 * 86_400_000;

/**
 * A courtesy credit from an admin (docs/product.md#courtesy-credits): money from the house into Available, refused
 * while the wallet owes money (it would hide the debt that a top-up must repay), and within its ceilings: at most
 * `perCreditCents`, and with the wallet's credits of the last 30 days at most `per30DaysCents`. The wallet keeps
 * those credits itself (`recentCredits`), so the wallet writer's transaction reads what the ceiling counts and
 * concurrent credits cannot pass it together.
 */
export function courtesyCredit(
  wallet: Wallet,
  { creditId, amountCents, now, caps }: { creditId: string; amountCents: number; now: Date; caps: CourtesyCreditCaps },
): LedgerDecision {
  assertInvariant(
    Number.isSafeInteger(amountCents) &&
      amountCents >= COURTESY_CREDIT_CENTS.min &&
      amountCents <= COURTESY_CREDIT_CENTS.max,
    `a courtesy credit of ${amountCents} cents is out of bounds`,
  );
  if (wallet.balance < 0) throw new AppError('conflict', SUPPORT_MESSAGES.walletOwes(-wallet.balance));
  // A closing account's unspent credit is forfeited once (forfeitCourtesyCredit): a later one would be stranded.
  if (wallet.closingSince !== undefined) throw new AppError('conflict', SUPPORT_MESSAGES.accountClosing);
  if (amountCents > caps.perCreditCents) {
    throw new AppError('conflict', SUPPORT_MESSAGES.creditAboveCap(caps.perCreditCents));
  }
  const recent = creditsWithinWindow(wallet, now);
  const given = recent.reduce((sum, c) => sum + c.amountCents, 0);
  if (given + amountCents > caps.per30DaysCents) {
    const left = Math.max(0, caps.per30DaysCents - given);
    throw new AppError('conflict', SUPPORT_MESSAGES.creditsAboveWindowCap(caps.per30DaysCents, left));
  }
  return {
    wallet: decided(wallet, {
      ...wallet,
      balance: wallet.balance + amountCents,
      recentCredits: [...recent, { at: now.toISOString(), amountCents }],
      updatedAt: now.toISOString(),
    }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.credit(creditId),
        type: 'credit',
        amount: amountCents,
        ticker: null,
        description: `Courtesy credit from StockSeer: $${centsToDollars(amountCents)}`,
      }),
    ],
  };
}

/** The wallet's courtesy credits of the 30 days before `now`, which the per-customer ceiling counts. */
export function creditsWithinWindow(wallet: Wallet, now: Date): RecentCredit[] {
  const from = now.getTime() - COURTESY_CREDIT_WINDOW_MS;
  return (wallet.recentCredits ?? []).filter((c) => Date.parse(c.at) > from);
}

/**
 * The courtesy credit still unspent when its owner closes the account (docs/product.md#closing-an-account): the part
 * of Available that no card can take back goes back to the house, out of Available, before the rest is refunded.
 * Only a closing wallet forfeits, never more than it holds.
 */
export function forfeitCourtesyCredit(
  wallet: Wallet,
  { amountCents, now }: { amountCents: number; now: Date },
): LedgerDecision {
  assertPositiveCents(amountCents, 'a forfeiture');
  assertInvariant(
    wallet.closingSince !== undefined && amountCents <= wallet.balance,
    `${wallet.userId} forfeits ${amountCents} cents of ${wallet.balance}, closing since ${wallet.closingSince}`,
  );
  return {
    wallet: decided(wallet, { ...wallet, balance: wallet.balance - amountCents, updatedAt: now.toISOString() }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.forfeit(wallet.userId),
        type: 'forfeiture',
        amount: amountCents,
        ticker: null,
        description: `Courtesy credit not refunded (account closed): $${centsToDollars(amountCents)}`,
      }),
    ],
  };
}

/**
 * Why an admin may not refund `amountCents` of a top-up that has `refundableCents` left (docs/product.md#admin-refunds),
 * or null when it may: never on a wallet that owes (it would deepen the debt), never more than the top-up has left,
 * never more than Available holds (reserved and charged money is not the admin's to give back).
 */
export function adminRefundRefusal(wallet: Wallet, refundableCents: number, amountCents: number): string | null {
  if (wallet.balance < 0) return SUPPORT_MESSAGES.walletOwes(-wallet.balance);
  if (amountCents > refundableCents) return SUPPORT_MESSAGES.refundExceedsRefundable(refundableCents);
  if (amountCents > wallet.balance) return SUPPORT_MESSAGES.refundExceedsAvailable(wallet.balance);
  return null;
}

/**
 * An admin's refund holds its amount out of Available before Stripe is asked (docs/product.md#admin-refunds), in the
 * wallet writer's transaction, so concurrent refunds, generates and closings see it at once and never spend it
 * twice. Refused (409) as `adminRefundRefusal` says, and on a closing account, whose closure refunds its money.
 * `holdId` is the request's id: one hold per request, whatever the retries.
 */
export function holdForRefund(
  wallet: Wallet,
  {
    holdId,
    paymentIntentId,
    amountCents,
    refundableCents,
    now,
  }: { holdId: string; paymentIntentId: string; amountCents: number; refundableCents: number; now: Date },
): LedgerDecision {
  assertPositiveCents(amountCents, 'a refund hold');
  if (wallet.closingSince !== undefined) throw new AppError('conflict', SUPPORT_MESSAGES.accountClosingRefund);
  const refusal = adminRefundRefusal(wallet, refundableCents, amountCents);
  if (refusal !== null) throw new AppError('conflict', refusal);
  const stamp = now.toISOString();
  return {
    wallet: decided(wallet, {
      ...wallet,
      balance: wallet.balance - amountCents,
      refundHolds: { ...wallet.refundHolds, [holdId]: { paymentIntentId, amountCents, heldAt: stamp } },
      updatedAt: stamp,
    }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.refundHold(holdId),
        type: 'refund_hold',
        amount: amountCents,
        ticker: null,
        description: `Held for a refund to your card: $${centsToDollars(amountCents)}`,
      }),
    ],
  };
}

/**
 * Ends a refund hold, once: back to Available. With `refund`, in the same commit as (and after) that refund's line,
 * which took the amount out of Available: the hold becomes the refund, which must be the one held for. Without,
 * Stripe refused the refund. Null when the wallet holds nothing under `holdId` (a refund made without a hold, or one
 * that ended before).
 */
export function endRefundHold(
  wallet: Wallet,
  {
    holdId,
    refund,
    now,
  }: { holdId: string; refund: { refundId: string; paymentIntentId: string; amountCents: number } | null; now: Date },
): LedgerDecision | null {
  const hold = wallet.refundHolds?.[holdId];
  if (hold === undefined) return null;
  assertInvariant(
    refund === null || (refund.paymentIntentId === hold.paymentIntentId && refund.amountCents === hold.amountCents),
    () =>
      `refund ${refund?.refundId} of ${refund?.amountCents} cents is not what hold ${holdId} held: ${JSON.stringify(hold)}`,
  );
  const { [holdId]: _ended, ...others } = wallet.refundHolds!;
  const { refundHolds: _all, ...rest } = wallet;
  const amount = centsToDollars(hold.amountCents);
  return {
    wallet: decided(wallet, {
      ...rest,
      ...(Object.keys(others).length > 0 ? { refundHolds: others } : {}),
      balance: wallet.balance + hold.amountCents,
      updatedAt: now.toISOString(),
    }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.refundHoldRelease(holdId),
        type: 'refund_hold_release',
        amount: hold.amountCents,
        ticker: null,
        description:
          refund === null ? `Refund not made: $${amount} back to Available` : `Hold of $${amount} became the refund`,
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
  // An account being closed is on its way to zero (docs/product.md#closing-an-account): nothing new is bought.
  if (wallet.closingSince !== undefined) throw new AppError('conflict', ACCOUNT_MESSAGES.closing);
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
 * The start of an account's closing (docs/product.md#closing-an-account): the wallet is marked, so that no new
 * prediction, refund hold or top-up starts from it; null when it is marked already. Moves no money and appends no
 * line. Refused (409) on the wallet the mark commits to, not only on the one the closure read before: a debt, or an
 * admin's refund hold that came in since, must end first (its money is out of Available, which the closure refunds).
 */
export function startClosing(wallet: Wallet, now: Date): Wallet | null {
  if (wallet.closingSince !== undefined) return null;
  if (wallet.balance < 0) throw new AppError('conflict', ACCOUNT_MESSAGES.walletOwes(-wallet.balance));
  if (heldForRefunds(wallet) > 0) throw new AppError('conflict', ACCOUNT_MESSAGES.refundsPending);
  const stamp = now.toISOString();
  return decided(wallet, { ...wallet, closingSince: stamp, updatedAt: stamp });
}

/**
 * Gives back the $1 of a paid prediction still open when its owner closes the account: Reserved to Available, no
 * charge. Its line has the settlement's id (`settle:{predictionId}`), so a prediction's $1 is settled once, charged,
 * released or cancelled, even when the closing races the daily maintenance.
 */
export function cancelReservation(
  wallet: Wallet,
  { predictionId, ticker, now }: { predictionId: string; ticker: string; now: Date },
): LedgerDecision {
  assertInvariant(
    wallet.reservedBalance >= PREDICTION_FEE_CENTS,
    `cancelling ${predictionId} needs a $1 reservation, but ${wallet.userId} has ${wallet.reservedBalance} cents reserved`,
  );
  return {
    wallet: decided(wallet, {
      ...wallet,
      reservedBalance: wallet.reservedBalance - PREDICTION_FEE_CENTS,
      balance: wallet.balance + PREDICTION_FEE_CENTS,
      updatedAt: now.toISOString(),
    }),
    transactions: [
      transaction(wallet, now, {
        id: ledgerTxId.settle(predictionId),
        type: 'cancellation',
        amount: PREDICTION_FEE_CENTS,
        ticker,
        description: `Cancelled ${ticker} prediction (account closed): $1 given back`,
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
