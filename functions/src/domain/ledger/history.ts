/**
 * A wallet against its history (docs/product.md#books-audited-every-night), as a fold: `foldLines` takes lines in
 * chunks and keeps what the checks need (totals per type, the reservations and top-ups still open, a digest of the
 * lines), `historyViolations` holds a wallet against the fold. The fold of a whole history at once and the fold of
 * the same history in any chunks agree, so the nightly audit folds only the lines written since its checkpoint.
 */
import { PREDICTION_FEE_CENTS, TransactionType, type Transaction, type Wallet } from '@stockseer/contract';
import { InvariantViolation } from '../errors';
import { ledgerTxId } from './ids';
import { heldChange, heldForRefunds, SETTLES_A_RESERVATION, TYPE_RULES, walletViolations } from './invariants';
import { addDigests, EMPTY_DIGEST, lineDigest } from './digest';

/**
 * What the checks need of the lines folded so far; plain data (stored as the audit's checkpoint). Matched pairs (a
 * reservation and its settlement, a refund hold and its end) are dropped: only what a later line may still match is
 * kept, so its size follows the open items, not the history.
 */
export interface LedgerFold {
  walletId: string;
  lineCount: number;
  /** Order-independent digest of the lines' contents (`digest.ts`). */
  digest: string;
  totals: Record<TransactionType, number>;
  /** By prediction id: reserved and not settled yet, or settled with no reservation seen. */
  unmatched: Record<string, 'reserved' | 'settled'>;
  /** By top-up (PaymentIntent): what it brought (null: no deposit seen), what was taken back, if anything was. */
  topUps: Record<string, { broughtCents: number | null; outCents: number; takenBack: boolean }>;
  /** By dispute: what it held when opened (null: not seen opened), and its closings' amounts. */
  disputes: Record<string, { heldCents: number | null; closedCents: number[] }>;
  /** By hold: what it held, and what its end released (null: not seen); a hold that ended as it held is dropped. */
  refundHolds: Record<string, { madeCents: number | null; endedCents: number | null }>;
}

export function emptyFold(walletId: string): LedgerFold {
  const totals = Object.fromEntries(TransactionType.options.map((type) => [type, 0])) as Record<
    TransactionType,
    number
  >;
  return {
    walletId,
    lineCount: 0,
    digest: EMPTY_DIGEST,
    totals,
    unmatched: {},
    topUps: {},
    disputes: {},
    refundHolds: {},
  };
}

const TAKEN_BACK_TYPES = new Set<TransactionType>(['top_up_refund', 'dispute', 'dispute_won', 'dispute_lost']);

/**
 * `from` with `lines` folded in (a copy: `from` is left as it was), and what is wrong with the lines themselves. A
 * line id is a document id, unique in the collection; a twice-read id is found within one chunk.
 */
export function foldLines(from: LedgerFold, lines: readonly Transaction[]): { fold: LedgerFold; violations: string[] } {
  const fold: LedgerFold = structuredClone(from);
  const violations: string[] = [];
  const ids = new Set<string>();
  const settledHere = new Set<string>();
  for (const t of lines) {
    if (ids.has(t.id)) violations.push(`transaction ${t.id} appears twice`);
    ids.add(t.id);
    if (t.walletId !== fold.walletId) violations.push(`transaction ${t.id} belongs to wallet ${t.walletId}`);
    const { idPrefix = '', amount } = TYPE_RULES[t.type];
    if (!t.id.startsWith(idPrefix)) violations.push(`transaction ${t.id} (${t.type}) should have an id ${idPrefix}…`);
    if (!Number.isSafeInteger(t.amount) || t.amount < 0 || (amount !== undefined && t.amount !== amount)) {
      violations.push(`transaction ${t.id} (${t.type}) has amount ${t.amount}`);
    }
    if (t.type === 'forfeiture' && t.id !== ledgerTxId.forfeit(fold.walletId)) {
      violations.push(`forfeiture ${t.id} is not ${fold.walletId}'s closing`);
    }
    fold.lineCount += 1;
    fold.digest = addDigests(fold.digest, lineDigest(t));
    fold.totals[t.type] += t.amount;
    const key = t.id.slice(idPrefix.length);
    if (t.type === 'reservation') matchReservation(fold, key, 'reserved');
    if (SETTLES_A_RESERVATION.has(t.type)) {
      if (settledHere.has(key) || fold.unmatched[key] === 'settled') {
        violations.push(`reservation of ${key} is settled twice`);
      } else matchReservation(fold, key, 'settled');
      settledHere.add(key);
    }
    foldTakenBack(fold, t, key);
    foldRefundHold(fold, t, key);
  }
  return { fold, violations };
}

/** A reservation meets its settlement (in either order): the pair is done with. */
function matchReservation(fold: LedgerFold, predictionId: string, side: 'reserved' | 'settled') {
  const other = fold.unmatched[predictionId];
  if (other !== undefined && other !== side) delete fold.unmatched[predictionId];
  else fold.unmatched[predictionId] = side;
}

function foldTakenBack(fold: LedgerFold, t: Transaction, key: string) {
  const topUp = (paymentIntentId: string) =>
    (fold.topUps[paymentIntentId] ??= { broughtCents: null, outCents: 0, takenBack: false });
  if (t.type === 'deposit') topUp(key).broughtCents = t.amount;
  if (!TAKEN_BACK_TYPES.has(t.type)) return;
  const from = topUp(key.split(':')[0] ?? '');
  from.outCents -= heldChange(t);
  from.takenBack = true;
  const dispute = () => (fold.disputes[key] ??= { heldCents: null, closedCents: [] });
  if (t.type === 'dispute') dispute().heldCents = t.amount;
  if (t.type === 'dispute_won' || t.type === 'dispute_lost') dispute().closedCents.push(t.amount);
}

function foldRefundHold(fold: LedgerFold, t: Transaction, holdId: string) {
  if (t.type !== 'refund_hold' && t.type !== 'refund_hold_release') return;
  const hold = (fold.refundHolds[holdId] ??= { madeCents: null, endedCents: null });
  if (t.type === 'refund_hold') hold.madeCents = t.amount;
  else hold.endedCents = t.amount;
  if (hold.madeCents !== null && hold.madeCents === hold.endedCents) delete fold.refundHolds[holdId];
}

/** Everything that must hold between a wallet and the history folded into `fold`; empty means healthy. */
export function historyViolations(wallet: Wallet, fold: LedgerFold): string[] {
  const violations = walletViolations(wallet);
  if (fold.walletId !== wallet.userId) violations.push(`the history of ${fold.walletId} is not ${wallet.userId}'s`);
  for (const [predictionId, side] of Object.entries(fold.unmatched)) {
    if (side === 'settled') violations.push(`${predictionId} is settled but was never reserved`);
  }
  violations.push(...takenBackViolations(fold), ...refundHoldViolations(wallet, fold));

  const total = fold.totals;
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
  if (wallet.balance < 0 && -wallet.balance > takenBack) {
    violations.push(`balance is ${wallet.balance} cents, more debt than the ${takenBack} cents given back`);
  }
  if (wallet.chargedBalance !== total.payment) {
    violations.push(`chargedBalance is ${wallet.chargedBalance} but payments total ${total.payment}`);
  }
  const open = Object.values(fold.unmatched).filter((side) => side === 'reserved').length;
  if (wallet.reservedBalance !== open * PREDICTION_FEE_CENTS) {
    violations.push(`reservedBalance is ${wallet.reservedBalance} but ${open} reservations are open`);
  }
  return violations;
}

/**
 * Money taken back, top-up by top-up: each top-up it names was credited and gives back no more than it brought;
 * each dispute closes at most once, after it was opened, for the amount it held.
 */
function takenBackViolations(fold: LedgerFold): string[] {
  const violations: string[] = [];
  for (const [paymentIntentId, { broughtCents, outCents, takenBack }] of Object.entries(fold.topUps)) {
    if (!takenBack) continue;
    if (broughtCents === null) violations.push(`money is taken back from ${paymentIntentId}, which was never credited`);
    else if (outCents > broughtCents)
      violations.push(`${paymentIntentId} gave back ${outCents} cents of the ${broughtCents} it brought`);
  }
  for (const [key, { heldCents, closedCents }] of Object.entries(fold.disputes)) {
    if (closedCents.length === 0) continue;
    if (heldCents === null) violations.push(`dispute ${key} closes but was never opened`);
    if (closedCents.length > 1) violations.push(`dispute ${key} closes twice`);
    for (const cents of closedCents) {
      if (heldCents !== null && cents !== heldCents)
        violations.push(`dispute ${key} held ${heldCents}, closes ${cents}`);
    }
  }
  return violations;
}

/**
 * Refund holds: each ends at most once, after it was made, for its amount; those not ended are exactly the wallet's
 * `refundHolds`, amount for amount.
 */
function refundHoldViolations(wallet: Wallet, fold: LedgerFold): string[] {
  const violations: string[] = [];
  const open = new Map<string, number>();
  for (const [holdId, { madeCents, endedCents }] of Object.entries(fold.refundHolds)) {
    if (endedCents === null) {
      if (madeCents !== null) open.set(holdId, madeCents);
    } else if (madeCents === null) violations.push(`refund hold ${holdId} ends but was never made`);
    else violations.push(`refund hold ${holdId} held ${madeCents}, ends ${endedCents}`);
  }
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

/** The money the folded lines brought in, less what went back: what the wallet's buckets must hold. */
export function inCentsOf(fold: LedgerFold): number {
  return TransactionType.options.reduce((sum, type) => sum + heldChange({ type, amount: fold.totals[type] }), 0);
}

/**
 * Everything that must hold between a wallet and its whole transaction history; an empty list means healthy. The
 * nightly audit reports these, tests assert them after every step.
 */
export function checkInvariants(wallet: Wallet, transactions: readonly Transaction[]): string[] {
  return foldedViolations(wallet, foldLines(emptyFold(wallet.userId), transactions));
}

/** What `foldLines` found in the lines, and what `historyViolations` finds of the wallet against the fold. */
export function foldedViolations(wallet: Wallet, { fold, violations }: ReturnType<typeof foldLines>): string[] {
  const [ofWallet, ofHistory] = [walletViolations(wallet), historyViolations(wallet, fold)];
  // The wallet's own checks first, then the lines', then the history's (without repeating the wallet's).
  return [...ofWallet, ...violations, ...ofHistory.slice(ofWallet.length)];
}

export function assertInvariants(wallet: Wallet, transactions: readonly Transaction[]): void {
  const violations = checkInvariants(wallet, transactions);
  if (violations.length > 0) {
    throw new InvariantViolation(`wallet ${wallet.userId}: ${violations.join('; ')}`);
  }
}
