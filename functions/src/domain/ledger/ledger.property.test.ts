import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SUPPORT_MESSAGES,
  ACCOUNT_MESSAGES,
  walletOwesMessage,
  type Transaction,
  type Wallet,
  type WalletFigures,
} from '@stockseer/contract';
import { fixedClock } from '../clock';
import { AppError } from '../errors';
import { closureRefusal, refundPlan } from '../account/closure';
import {
  adminRefundRefusal,
  cancelReservation,
  checkInvariants,
  closeDispute,
  courtesyCredit,
  COURTESY_CREDIT_WINDOW_MS,
  DEFAULT_COURTESY_CREDIT_CAPS,
  endRefundHold,
  forfeitCourtesyCredit,
  heldForRefunds,
  holdForRefund,
  deposit,
  digestOf,
  emptyFold,
  foldLines,
  ledgerTxId,
  type LedgerDecision,
  newWallet,
  openDispute,
  refundTopUp,
  settle,
  payForPrediction,
  planCommit,
  renewalStep,
  startClosing,
  type WalletStep,
} from '.';
import { figuresBefore, NO_MONEY, statementLines, walletFigures } from './lines';
import { customerPayments } from './payments';
import { auditWallet, STALE_REFUND_HOLD_MS } from '../maintenance/books';

// Small id pools make replays (same payment intent, same prediction) common; small deposits, frequent predictions
// and short jumps in time make running out of free predictions and of money common too.
const operation = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      paymentIntent: fc.nat(4),
      amountCents: fc.integer({ min: 1, max: 400 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('predict' as const), prediction: fc.nat(30) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      prediction: fc.nat(30),
      outcome: fc.constantFrom('hit' as const, 'missed' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.nat(40) }) },
  // Stripe taking money back: a refund of part or all of what is left of a top-up, a dispute of a top-up and the
  // bank's decision. Small id pools make replays of each event common too.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      paymentIntent: fc.nat(4),
      refund: fc.nat(6),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), paymentIntent: fc.nat(4) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('closeDispute' as const),
      paymentIntent: fc.nat(4),
      outcome: fc.constantFrom('won' as const, 'lost' as const),
    }),
  },
  // Support: an admin's courtesy credit (a small key pool: a retried request is the same credit; amounts around the
  // ceilings), and an admin's refund: its hold out of Available (a small key pool: a retried request is the same
  // hold), then Stripe's answer, the refund (the hold ends in the refund's commit) or a refusal (the hold released).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      credit: fc.nat(6),
      amountCents: fc.integer({ min: 1, max: 7_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('adminRefund' as const),
      paymentIntent: fc.nat(4),
      hold: fc.nat(6),
      // Of Available, up to a little more than it holds: refusals as well as holds.
      share: fc.double({ min: 0, max: 1.2, noNaN: true }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('stripeAnswers' as const),
      hold: fc.nat(6),
      refused: fc.boolean(),
    }),
  },
  // Closing the account (docs/product.md#closing-an-account): refused in debt or with an open dispute; otherwise
  // its open paid predictions are cancelled and Available refunded, newest top-up first. Money may still arrive
  // after (a late top-up), and a second closing (a resumed one) refunds that too.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** What the world outside the ledger knows: which payments succeeded and which predictions exist, and how paid. */
interface Model {
  today: string;
  wallet: Wallet;
  transactions: Transaction[];
  firstDepositCents: Map<string, number>;
  predictions: Map<string, { isFree: boolean; outcome?: 'hit' | 'missed' | 'cancelled' }>;
  /** Stripe's side: each refund id's top-up and amount, as first issued (a replay repeats them). */
  refunds: Map<string, { paymentIntentId: string; amountCents: number }>;
  /** Stripe's side: at most one dispute per top-up (one per charge), with the bank's decision once made. */
  disputes: Map<string, { disputeId: string; amountCents: number; outcome?: 'won' | 'lost' }>;
  /** Courtesy credits given, by request, as first given (a replay repeats them), and when. */
  credits: Map<string, { amountCents: number; at: number }>;
  /** Admin refunds by request: what each held, and how its hold ended. */
  holds: Map<string, { paymentIntentId: string; amountCents: number; ended?: 'refunded' | 'released' }>;
  /** The courtesy credit a closing left unspent and forfeited. */
  forfeitedCents: number;
}

/** What Stripe has taken back from a top-up and not returned: refunds, plus a dispute unless it was won. */
function takenBackFrom(model: Model, paymentIntentId: string): number {
  const refunded = [...model.refunds.values()]
    .filter((r) => r.paymentIntentId === paymentIntentId)
    .reduce((sum, r) => sum + r.amountCents, 0);
  const dispute = model.disputes.get(paymentIntentId);
  return refunded + (dispute && dispute.outcome !== 'won' ? dispute.amountCents : 0);
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The wallet writer's part, through its own pure core (`planCommit`, commit.ts): idempotency check first, then the
 * rule, then append. Frozen input proves no mutation.
 */
function apply(model: Model, txId: string, decide: (wallet: Wallet) => LedgerDecision): LedgerDecision | undefined {
  const frozen = Object.freeze({ ...model.wallet });
  const ids = new Set(model.transactions.map((t) => t.id));
  const plan = planCommit(frozen, ids, [{ txId, decide }], { userId: frozen.userId, now: new Date(frozen.updatedAt) });
  const [applied] = plan.applied;
  if (!applied) {
    expect(plan).toMatchObject({ write: false, replayed: [{ txId }] });
    return undefined;
  }
  model.wallet = plan.wallet;
  model.transactions.push(...applied.decision.transactions);
  return applied.decision;
}

/** Several steps in one commit, as the wallet writer applies a top-up's history: all the decisions that applied. */
function applyAll(model: Model, steps: readonly WalletStep[]): LedgerDecision[] {
  const frozen = Object.freeze({ ...model.wallet });
  const ids = new Set(model.transactions.map((t) => t.id));
  const plan = planCommit(frozen, ids, steps, { userId: frozen.userId, now: new Date(frozen.updatedAt) });
  if (plan.write) model.wallet = plan.wallet;
  for (const { decision } of plan.applied) model.transactions.push(...decision.transactions);
  return plan.applied.map((a) => a.decision);
}

function step(model: Model, op: Operation): void {
  const now = fixedClock(model.today).now();
  switch (op.kind) {
    case 'deposit': {
      const paymentIntentId = `pi_${op.paymentIntent}`;
      const before = model.wallet;
      const applied = apply(model, ledgerTxId.deposit(paymentIntentId), (w) =>
        deposit(w, { paymentIntentId, amountCents: op.amountCents, now }),
      );
      if (applied) {
        model.firstDepositCents.set(paymentIntentId, op.amountCents);
        // A debt is paid first: the whole deposit lands on the balance, negative or not.
        expect(applied.wallet.balance).toBe(before.balance + op.amountCents);
      } else expect(model.firstDepositCents.has(paymentIntentId)).toBe(true);
      return;
    }
    case 'predict': {
      const predictionId = `p${op.prediction}`;
      const before = model.wallet;
      try {
        let isFree = false;
        const applied = apply(model, ledgerTxId.reserve(predictionId), (w) => {
          const decision = payForPrediction(w, { predictionId, ticker: 'AAPL', now });
          isFree = decision.isFree;
          return decision;
        });
        if (applied) model.predictions.set(predictionId, { isFree });
        else expect(model.predictions.has(predictionId)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        if (before.closingSince !== undefined) {
          // Nothing new is bought on an account being closed, not even a free prediction.
          expect((error as AppError).message).toBe(ACCOUNT_MESSAGES.closing);
          expect(model.wallet).toBe(before);
          return;
        }
        expect((error as AppError).kind).toBe('insufficient_funds');
        expect(before.freePredictions === 0 && before.balance < 100).toBe(true);
        if (before.balance < 0) expect((error as AppError).message).toBe(walletOwesMessage(-before.balance));
        expect(model.wallet).toBe(before);
      }
      return;
    }
    case 'settle': {
      const predictionId = `p${op.prediction}`;
      const prediction = model.predictions.get(predictionId);
      if (!prediction) return; // maintenance only settles predictions that exist
      // A repeated attempt may even claim the other outcome: the first settlement must stand.
      const { isFree } = prediction;
      const applied = apply(model, ledgerTxId.settle(predictionId), (w) =>
        settle(w, { predictionId, ticker: 'AAPL', outcome: op.outcome, isFree, now }),
      );
      if (applied) prediction.outcome ??= op.outcome;
      return;
    }
    case 'refund': {
      const refundId = `re_${op.refund}`;
      // Stripe refunds only a credited top-up (our reconciliation credits it first), never more than is left.
      const known = model.refunds.get(refundId);
      const paymentIntentId = known?.paymentIntentId ?? `pi_${op.paymentIntent}`;
      const deposited = model.firstDepositCents.get(paymentIntentId);
      if (deposited === undefined) return;
      const left = deposited - takenBackFrom(model, paymentIntentId);
      if (!known && left <= 0) return;
      const amountCents = known?.amountCents ?? Math.max(1, Math.ceil(op.share * left));
      const before = model.wallet;
      const applied = apply(model, ledgerTxId.topUpRefund(paymentIntentId, refundId), (w) =>
        refundTopUp(w, { paymentIntentId, refundId, amountCents, now }),
      );
      if (applied) {
        expect(known).toBeUndefined();
        model.refunds.set(refundId, { paymentIntentId, amountCents });
        expect(applied.wallet.balance).toBe(before.balance - amountCents);
      } else expect(known).toBeDefined();
      return;
    }
    case 'dispute': {
      const paymentIntentId = `pi_${op.paymentIntent}`;
      const deposited = model.firstDepositCents.get(paymentIntentId);
      const known = model.disputes.get(paymentIntentId);
      if (deposited === undefined) return;
      const left = deposited - takenBackFrom(model, paymentIntentId);
      if (!known && left <= 0) return;
      const dispute = known ?? { disputeId: `dp_${paymentIntentId}`, amountCents: left };
      const applied = apply(model, ledgerTxId.dispute(paymentIntentId, dispute.disputeId), (w) =>
        openDispute(w, { paymentIntentId, disputeId: dispute.disputeId, amountCents: dispute.amountCents, now }),
      );
      expect(applied === undefined).toBe(known !== undefined);
      model.disputes.set(paymentIntentId, dispute);
      return;
    }
    case 'closeDispute': {
      const paymentIntentId = `pi_${op.paymentIntent}`;
      const dispute = model.disputes.get(paymentIntentId);
      if (!dispute) return; // our reconciliation opens a dispute in the ledger before it closes it
      // Stripe decides once; a replayed or late event repeats that decision.
      const outcome = dispute.outcome ?? op.outcome;
      const { disputeId, amountCents } = dispute;
      const txId =
        outcome === 'won'
          ? ledgerTxId.disputeWon(paymentIntentId, disputeId)
          : ledgerTxId.disputeLost(paymentIntentId, disputeId);
      const before = model.wallet;
      const applied = apply(model, txId, (w) =>
        closeDispute(w, { paymentIntentId, disputeId, amountCents, outcome, now }),
      );
      expect(applied === undefined).toBe(dispute.outcome !== undefined);
      if (applied) expect(applied.wallet.balance - before.balance).toBe(outcome === 'won' ? amountCents : 0);
      dispute.outcome = outcome;
      return;
    }
    case 'credit': {
      const creditId = `c${op.credit}`;
      const known = model.credits.get(creditId);
      const amountCents = known?.amountCents ?? op.amountCents;
      const before = model.wallet;
      const inWindow = [...model.credits.values()]
        .filter((c) => c.at > now.getTime() - COURTESY_CREDIT_WINDOW_MS)
        .reduce((sum, c) => sum + c.amountCents, 0);
      try {
        const applied = apply(model, ledgerTxId.credit(creditId), (w) =>
          courtesyCredit(w, { creditId, amountCents, now, caps: DEFAULT_COURTESY_CREDIT_CAPS }),
        );
        if (applied) {
          expect(known).toBeUndefined();
          model.credits.set(creditId, { amountCents, at: now.getTime() });
          expect(applied.wallet.balance).toBe(before.balance + amountCents);
          // Within both ceilings, whatever came before.
          expect(amountCents).toBeLessThanOrEqual(DEFAULT_COURTESY_CREDIT_CAPS.perCreditCents);
          expect(inWindow + amountCents).toBeLessThanOrEqual(DEFAULT_COURTESY_CREDIT_CAPS.per30DaysCents);
        } else expect(known).toBeDefined();
      } catch (error) {
        // Refused, in this order: a wallet that owes (it would hide the debt), a closing one (its unspent credit is
        // forfeited once), a credit above its ceiling, credits of the last 30 days above theirs.
        expect(known).toBeUndefined();
        const { perCreditCents, per30DaysCents } = DEFAULT_COURTESY_CREDIT_CAPS;
        const why =
          before.balance < 0
            ? SUPPORT_MESSAGES.walletOwes(-before.balance)
            : before.closingSince
              ? SUPPORT_MESSAGES.accountClosing
              : amountCents > perCreditCents
                ? SUPPORT_MESSAGES.creditAboveCap(perCreditCents)
                : inWindow + amountCents > per30DaysCents
                  ? SUPPORT_MESSAGES.creditsAboveWindowCap(per30DaysCents, per30DaysCents - inWindow)
                  : null;
        expect(why).toBeTruthy();
        expect((error as AppError).message).toBe(why);
        expect(model.wallet).toBe(before);
      }
      return;
    }
    case 'adminRefund': {
      const holdId = `h${op.hold}`;
      const known = model.holds.get(holdId);
      const paymentIntentId = known?.paymentIntentId ?? `pi_${op.paymentIntent}`;
      const amountCents = known?.amountCents ?? Math.max(1, Math.ceil(op.share * model.wallet.balance));
      if (!model.firstDepositCents.has(paymentIntentId)) return;
      const payment = customerPayments(model.transactions).find((p) => p.paymentIntentId === paymentIntentId)!;
      // What the ledger says is left to refund is what Stripe says.
      expect(payment.refundableCents).toBe(
        model.firstDepositCents.get(paymentIntentId)! - takenBackFrom(model, paymentIntentId),
      );
      const before = model.wallet;
      const refusal = before.closingSince
        ? SUPPORT_MESSAGES.accountClosingRefund
        : adminRefundRefusal(before, payment.refundableCents, amountCents);
      try {
        const applied = apply(model, ledgerTxId.refundHold(holdId), (w) =>
          holdForRefund(w, { holdId, paymentIntentId, amountCents, refundableCents: payment.refundableCents, now }),
        );
        if (!applied) {
          // A retried request: its hold was made once.
          expect(known).toBeDefined();
          return;
        }
        expect(known).toBeUndefined();
        expect(refusal).toBeNull();
        model.holds.set(holdId, { paymentIntentId, amountCents });
        // Held out of Available at once: never below zero, so concurrent refunds cannot spend it twice.
        expect(model.wallet.balance).toBe(before.balance - amountCents);
        expect(model.wallet.balance).toBeGreaterThanOrEqual(0);
      } catch (error) {
        expect(known).toBeUndefined();
        expect((error as AppError).message).toBe(refusal);
        expect(model.wallet).toBe(before);
      }
      return;
    }
    case 'stripeAnswers': {
      const holdId = `h${op.hold}`;
      const hold = model.holds.get(holdId);
      if (!hold) return;
      const { paymentIntentId, amountCents } = hold;
      const refundId = `re_${holdId}`;
      const before = model.wallet;
      // Stripe refunds no more than is left of the top-up (a dispute or a refund since may have taken it).
      const refused =
        hold.ended === 'released' ||
        (hold.ended === undefined &&
          (op.refused ||
            amountCents > model.firstDepositCents.get(paymentIntentId)! - takenBackFrom(model, paymentIntentId)));
      const end: WalletStep = {
        txId: ledgerTxId.refundHoldRelease(holdId),
        decide: (w) =>
          endRefundHold(w, { holdId, refund: refused ? null : { refundId, paymentIntentId, amountCents }, now }),
      };
      if (refused) {
        const applied = applyAll(model, [end]);
        expect(applied.length).toBe(hold.ended === undefined ? 1 : 0);
        if (hold.ended === undefined) expect(model.wallet.balance).toBe(before.balance + amountCents);
        hold.ended = 'released';
        return;
      }
      // The refund's line, then the end of its hold, in one commit (services/paymentEvents.ts applyTopUpHistory).
      const applied = applyAll(model, [
        {
          txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
          decide: (w) => refundTopUp(w, { paymentIntentId, refundId, amountCents, now }),
        },
        end,
      ]);
      expect(applied.length).toBe(hold.ended === undefined ? 2 : 0);
      if (hold.ended === undefined) model.refunds.set(refundId, { paymentIntentId, amountCents });
      hold.ended = 'refunded';
      // The hold became the refund: Available moved when it was held, not again.
      expect(model.wallet.balance).toBe(before.balance);
      expect(model.wallet.refundHolds?.[holdId]).toBeUndefined();
      return;
    }
    case 'close': {
      const refusal = closureRefusal(model.wallet, model.transactions);
      const indebted = model.wallet.balance < 0;
      const disputed = [...model.disputes.values()].some((d) => d.outcome === undefined);
      const refunding = [...model.holds.values()].some((h) => h.ended === undefined);
      expect(refusal !== null).toBe(indebted || disputed || refunding);
      if (refusal !== null) return;
      const openPaid = [...model.predictions.values()].filter((p) => !p.isFree && p.outcome === undefined).length;
      const written = () => model.transactions.map((t, writtenAt) => ({ ...t, writtenAt }));
      const planned = refundPlan(model.wallet.balance + 100 * openPaid, customerPayments(written()));
      // Money no card brought (a courtesy credit still unspent) cannot go back to one: it is forfeited.
      const credited = [...model.credits.values()].reduce((sum, c) => sum + c.amountCents, 0);
      expect(planned.forfeitCents).toBeLessThanOrEqual(credited - model.forfeitedCents);
      const marked = startClosing(model.wallet, now);
      if (marked) model.wallet = marked;
      for (const [predictionId, prediction] of model.predictions) {
        if (prediction.isFree || prediction.outcome !== undefined) continue;
        // A prediction the maintenance settled first keeps its settlement: the shared id makes this a replay.
        if (
          apply(model, ledgerTxId.settle(predictionId), (w) =>
            cancelReservation(w, { predictionId, ticker: 'AAPL', now }),
          )
        )
          prediction.outcome = 'cancelled';
      }
      expect(model.wallet.reservedBalance).toBe(0);
      const plan = refundPlan(model.wallet.balance, customerPayments(written()));
      expect(plan).toEqual(planned);
      if (plan.forfeitCents > 0) {
        const forfeit = (w: Wallet) => forfeitCourtesyCredit(w, { amountCents: plan.forfeitCents, now });
        // Once per account: a credit is refused while closing, so a later closing has nothing left to forfeit.
        expect(apply(model, ledgerTxId.forfeit('u1'), forfeit)).toBeDefined();
        model.forfeitedCents += plan.forfeitCents;
        // A resumed closure finds it done: a replay moves nothing.
        expect(apply(model, ledgerTxId.forfeit('u1'), forfeit)).toBeUndefined();
      }
      for (const { paymentIntentId, refundCents } of plan.refunds) {
        expect(refundCents).toBeLessThanOrEqual(
          model.firstDepositCents.get(paymentIntentId)! - takenBackFrom(model, paymentIntentId),
        );
        const refundId = `re_close_${model.refunds.size}`;
        apply(model, ledgerTxId.topUpRefund(paymentIntentId, refundId), (w) =>
          refundTopUp(w, { paymentIntentId, refundId, amountCents: refundCents, now }),
        );
        model.refunds.set(refundId, { paymentIntentId, amountCents: refundCents });
      }
      expect(walletFigures(model.wallet)).toMatchObject({ available: 0, reserved: 0 });
      return;
    }
    case 'advance': {
      model.today = plusDays(model.today, op.days);
      const frozen = Object.freeze({ ...model.wallet });
      const plan = planCommit(frozen, new Set(), [renewalStep({ today: model.today, now })], { userId: 'u1', now });
      const reset = plan.write ? plan.wallet : null;
      if (reset) {
        expect(reset.freePredictions).toBe(5);
        expect(reset.resetDate > model.today).toBe(true);
        model.wallet = reset;
      } else {
        expect(model.wallet.resetDate > model.today).toBe(true);
      }
    }
  }
}

function expectHealthy(model: Model): void {
  const { wallet, transactions } = model;
  expect(checkInvariants(wallet, transactions)).toEqual([]);
  // The nightly books audit of the wallet, run at any moment: clean, but for a refund hold open since an earlier
  // day (a request that stopped before Stripe answered), which it names.
  const now = fixedClock(model.today).now();
  const stale = Object.entries(wallet.refundHolds ?? {}).filter(
    ([, hold]) => Date.parse(hold.heldAt) <= now.getTime() - STALE_REFUND_HOLD_MS,
  );
  const books = auditWallet(wallet, transactions, { since: '', now });
  expect(books.violations).toHaveLength(stale.length);
  stale.forEach(([holdId], i) => expect(books.violations[i]).toContain(ledgerTxId.refundHold(holdId)));
  const paymentIntents = [...model.firstDepositCents.keys()];
  const takenBack = paymentIntents.reduce((sum, id) => sum + takenBackFrom(model, id), 0);
  // Only money taken back can put the wallet in debt, and never deeper than what was taken back.
  expect(wallet.balance).toBeGreaterThanOrEqual(-takenBack);

  const credited = [...model.credits.values()].map((c) => c.amountCents);
  const received = [...model.firstDepositCents.values(), ...credited].reduce((sum, c) => sum + c, 0);
  // Money held for refunds in progress is still the wallet's: out of Available, not yet given back.
  const open = [...model.holds].filter(([, h]) => h.ended === undefined);
  expect(heldForRefunds(wallet)).toBe(open.reduce((sum, [, h]) => sum + h.amountCents, 0));
  expect(Object.keys(wallet.refundHolds ?? {}).sort()).toEqual(open.map(([id]) => id).sort());
  expect(wallet.balance + wallet.reservedBalance + wallet.chargedBalance + heldForRefunds(wallet)).toBe(
    received - takenBack - model.forfeitedCents,
  );
  for (const id of paymentIntents) {
    expect(takenBackFrom(model, id)).toBeLessThanOrEqual(model.firstDepositCents.get(id)!);
  }

  const settlements = transactions
    .filter((t) => t.type === 'payment' || t.type === 'refund' || t.type === 'cancellation')
    .map((t) => t.id);
  expect(new Set(settlements).size).toBe(settlements.length);
  const paidHits = [...model.predictions.entries()].filter(
    ([id, p]) => !p.isFree && p.outcome === 'hit' && settlements.includes(ledgerTxId.settle(id)),
  );
  expect(wallet.chargedBalance).toBe(100 * paidHits.length);
}

const startDay = fc.integer({ min: 0, max: 3 * 366 }).map((days) => plusDays('2022-01-01', days));
const operations = fc.array(operation, { maxLength: 100, size: 'max' });

const newModel = (today: string): Model => ({
  today,
  wallet: newWallet('u1', fixedClock(today).now()),
  transactions: [],
  firstDepositCents: new Map(),
  predictions: new Map(),
  refunds: new Map(),
  disputes: new Map(),
  credits: new Map(),
  holds: new Map(),
  forfeitedCents: 0,
});

const sumOf = (effects: readonly WalletFigures[]): WalletFigures => ({
  available: effects.reduce((sum, e) => sum + e.available, 0),
  reserved: effects.reduce((sum, e) => sum + e.reserved, 0),
  charged: effects.reduce((sum, e) => sum + e.charged, 0),
});

describe('ledger under random sequences of operations', () => {
  it('keeps every invariant after every step (refunds, disputes, courtesy credits within their ceilings, admin refunds held, refunded or released, and closings included), conserves money and never settles or takes back twice', () => {
    fc.assert(
      fc.property(startDay, operations, (today, ops) => {
        const model = newModel(today);
        for (const op of ops) {
          step(model, op);
          expectHealthy(model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('audits every history the same incrementally, night by night from its checkpoint in random chunks, as in full', () => {
    fc.assert(
      fc.property(startDay, operations, fc.array(fc.boolean(), { maxLength: 100 }), (today, ops, nights) => {
        const model = newModel(today);
        let checkpoint = emptyFold('u1');
        let audited = 0;
        ops.forEach((op, i) => {
          step(model, op);
          if (!nights[i]) return;
          // A night: the lines since the checkpoint, folded onto it, find what the whole history does.
          const now = fixedClock(model.today).now();
          const night = auditWallet(model.wallet, model.transactions.slice(audited), {
            since: '',
            now,
            from: checkpoint,
          });
          const full = auditWallet(model.wallet, model.transactions, { since: '', now });
          expect(night.violations).toEqual(full.violations);
          expect(night.inCents).toBe(full.inCents);
          expect(night.fold).toEqual(full.fold);
          checkpoint = night.fold;
          audited = model.transactions.length;
        });
        const all = foldLines(emptyFold('u1'), model.transactions).fold;
        expect(foldLines(checkpoint, model.transactions.slice(audited)).fold).toEqual(all);
        // The digest does not depend on the order the lines are read in, and names any line changed or removed.
        expect(digestOf([...model.transactions].reverse())).toBe(all.digest);
        if (model.transactions.length > 0) {
          const [first, ...rest] = model.transactions;
          expect(digestOf(rest)).not.toBe(all.digest);
          expect(digestOf([{ ...first!, amount: first!.amount + 1 }, ...rest])).not.toBe(all.digest);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("states every history as lines whose effects add up to the wallet's Available, Reserved and Charged", () => {
    fc.assert(
      fc.property(startDay, operations, fc.nat(), (today, ops, cut) => {
        const model = newModel(today);
        for (const op of ops) {
          step(model, op);
          const figures = walletFigures(model.wallet);
          const lines = statementLines(model.transactions, NO_MONEY);
          expect(sumOf(lines.map((line) => line.effect))).toEqual(figures);
          expect(lines.at(-1)?.after ?? NO_MONEY).toEqual(figures);
          expect(lines.at(-1)?.after.available ?? 0).toBe(model.wallet.balance);
          // The lines of an account from the wallet's creation are the whole history, so each counts on the last.
          lines.forEach((line, i) => {
            const before = i === 0 ? NO_MONEY : lines[i - 1]!.after;
            expect(line.after).toEqual(sumOf([before, line.effect]));
          });
          // Older lines left out: counted on from what the wallet held before the latest ones, the same figures.
          const latest = model.transactions.slice(cut % (model.transactions.length + 1));
          const shown = statementLines(latest, figuresBefore(figures, latest));
          expect(shown.map((line) => line.after)).toEqual(
            lines.slice(lines.length - latest.length).map((l) => l.after),
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the wallet writer committing many decisions at once', () => {
  // Deposits, predictions (skipped when unaffordable, as a caller's dry run would) and settlements, cut into commits.
  const batchOp = fc.oneof(
    fc.record({
      kind: fc.constant('deposit' as const),
      paymentIntent: fc.nat(6),
      amountCents: fc.integer({ min: 1, max: 300 }),
    }),
    fc.record({ kind: fc.constant('predict' as const), prediction: fc.nat(20) }),
    fc.record({ kind: fc.constant('settle' as const), prediction: fc.nat(20), hit: fc.boolean() }),
    fc.record({ kind: fc.constant('renew' as const), days: fc.nat(40) }),
  );
  type BatchOp = typeof batchOp extends fc.Arbitrary<infer T> ? T : never;

  /** Steps as the callers build them; a settlement of a prediction never made, or free, is nothing to do. */
  function stepsOf(ops: readonly BatchOp[], start: string) {
    const now = fixedClock(start).now();
    let today = start;
    return ops.map((op): WalletStep => {
      if (op.kind === 'deposit') {
        const paymentIntentId = `pi_${op.paymentIntent}`;
        const amountCents = op.amountCents + op.paymentIntent; // one amount per PaymentIntent, as Stripe's
        return {
          txId: ledgerTxId.deposit(paymentIntentId),
          decide: (w) => deposit(w, { paymentIntentId, amountCents, now }),
        };
      }
      if (op.kind === 'predict') {
        const predictionId = `p${op.prediction}`;
        return {
          txId: ledgerTxId.reserve(predictionId),
          decide: (w) => {
            if (w.freePredictions === 0 && w.balance < 100) return null;
            const decision = payForPrediction(w, { predictionId, ticker: 'AAPL', now });
            made.set(predictionId, decision.isFree);
            return decision;
          },
        };
      }
      if (op.kind === 'renew') {
        today = plusDays(today, op.days);
        return renewalStep({ today, now });
      }
      const predictionId = `p${op.prediction}`;
      const outcome = op.hit ? ('hit' as const) : ('missed' as const);
      return {
        txId: ledgerTxId.settle(predictionId),
        decide: (w) => {
          // Maintenance settles only predictions that were made, free or paid as their reservation decided.
          const reserved = made.get(predictionId);
          if (reserved === undefined) return null;
          return settle(w, { predictionId, ticker: 'AAPL', outcome, isFree: reserved, now });
        },
      };
    });
  }
  const made = new Map<string, boolean>();

  /** Commits `steps` cut at `cuts` (each commit reads what the ones before wrote), as the writer would. */
  function commitAll(steps: readonly WalletStep[], cuts: readonly number[], start: string) {
    made.clear();
    let wallet: Wallet | undefined;
    const lines: Transaction[] = [];
    let from = 0;
    for (const size of [...cuts, steps.length]) {
      const part = steps.slice(from, from + Math.max(1, size));
      from += part.length;
      if (part.length === 0) break;
      const written = new Set(lines.map((t) => t.id).filter((id) => part.some((s) => s.txId === id)));
      const plan = planCommit(wallet, written, part, { userId: 'u1', now: fixedClock(start).now() });
      expect(plan.applied.length + plan.replayed.length).toBeLessThanOrEqual(part.length);
      for (const { decision } of plan.applied) lines.push(...decision.transactions);
      if (plan.write) wallet = plan.wallet;
      expect(checkInvariants(wallet!, lines)).toEqual([]);
    }
    return { wallet: wallet!, lines };
  }

  it('keeps every invariant after each commit, and ends where one decision per commit ends', () => {
    fc.assert(
      fc.property(
        startDay,
        fc.array(batchOp, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 20 }),
        (start, ops, cuts) => {
          const together = commitAll(stepsOf(ops, start), cuts, start);
          const oneByOne = commitAll(
            stepsOf(ops, start),
            ops.map(() => 1),
            start,
          );
          expect(together.wallet).toEqual(oneByOne.wallet);
          expect(together.lines).toEqual(oneByOne.lines);
        },
      ),
      { numRuns: 200 },
    );
  });
});
