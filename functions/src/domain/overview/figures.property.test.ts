import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COURTESY_CREDIT_CENTS, type Transaction, type Wallet } from '@stockseer/contract';
import { fixedClock } from '../clock';
import {
  closeDispute,
  courtesyCredit,
  deposit,
  ledgerTxId,
  openDispute,
  payForPrediction,
  planCommit,
  refundTopUp,
  settle,
  type WalletStep,
} from '../ledger';
import { aggregateDeltasOf, lineFigures, NO_FIGURES, sumFigures, type FigureDeltas } from './figures';

/** The credits' ceilings are not what these figures are about: none that a generated credit reaches. */
const NO_CAPS = { perCreditCents: COURTESY_CREDIT_CENTS.max, per30DaysCents: Number.MAX_SAFE_INTEGER };

// Small id pools make replays (a webhook delivered again, a settlement retried) common.
const operation = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), pi: fc.nat(4), cents: fc.integer({ min: 100, max: 900 }) }),
  fc.record({ kind: fc.constant('predict' as const), prediction: fc.nat(15) }),
  fc.record({ kind: fc.constant('settle' as const), prediction: fc.nat(15), hit: fc.boolean() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pi: fc.nat(4),
    refund: fc.nat(3),
    cents: fc.integer({ min: 1, max: 99 }),
  }),
  fc.record({ kind: fc.constant('dispute' as const), pi: fc.nat(4) }),
  fc.record({ kind: fc.constant('closeDispute' as const), pi: fc.nat(4), won: fc.boolean() }),
  fc.record({ kind: fc.constant('credit' as const), credit: fc.nat(3), cents: fc.integer({ min: 100, max: 2000 }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const now = fixedClock('2026-11-26').now();

/** The steps as the callers build them: each may find nothing to do (an unknown top-up, an unaffordable forecast). */
function stepOf(op: Operation, world: { deposits: Map<string, number>; made: Map<string, boolean> }): WalletStep {
  const paymentIntentId = 'pi' in op ? `pi_${op.pi}` : '';
  switch (op.kind) {
    case 'credit': {
      const creditId = `c${op.credit}`;
      // An admin's courtesy credit, which the ledger refuses while the wallet owes (the caller's check first).
      const amountCents = Math.min(Math.max(op.cents, COURTESY_CREDIT_CENTS.min), COURTESY_CREDIT_CENTS.max);
      return {
        txId: ledgerTxId.credit(creditId),
        decide: (w) => (w.balance < 0 ? null : courtesyCredit(w, { creditId, amountCents, now, caps: NO_CAPS })),
      };
    }
    case 'deposit': {
      // One amount per PaymentIntent, as Stripe's.
      const amountCents = op.cents + op.pi;
      return {
        txId: ledgerTxId.deposit(paymentIntentId),
        decide: (w) => {
          world.deposits.set(paymentIntentId, amountCents);
          return deposit(w, { paymentIntentId, amountCents, now });
        },
      };
    }
    case 'predict': {
      const predictionId = `p${op.prediction}`;
      return {
        txId: ledgerTxId.reserve(predictionId),
        decide: (w) => {
          if (w.freePredictions === 0 && w.balance < 100) return null;
          const decision = payForPrediction(w, { predictionId, ticker: 'KO', now });
          world.made.set(predictionId, decision.isFree);
          return decision;
        },
      };
    }
    case 'settle': {
      const predictionId = `p${op.prediction}`;
      const outcome = op.hit ? ('hit' as const) : ('missed' as const);
      return {
        txId: ledgerTxId.settle(predictionId),
        decide: (w) => {
          const isFree = world.made.get(predictionId);
          // A free prediction has no money to settle: the ledger writes nothing for it.
          if (isFree !== false) return null;
          return settle(w, { predictionId, ticker: 'KO', outcome, isFree, now });
        },
      };
    }
    case 'refund': {
      const refundId = `re_${op.pi}_${op.refund}`;
      return {
        txId: ledgerTxId.topUpRefund(paymentIntentId, refundId),
        decide: (w) =>
          world.deposits.has(paymentIntentId)
            ? refundTopUp(w, { paymentIntentId, refundId, amountCents: op.cents, now })
            : null,
      };
    }
    case 'dispute':
      return {
        txId: ledgerTxId.dispute(paymentIntentId, `dp_${op.pi}`),
        decide: (w) => {
          const amountCents = world.deposits.get(paymentIntentId);
          return amountCents ? openDispute(w, { paymentIntentId, disputeId: `dp_${op.pi}`, amountCents, now }) : null;
        },
      };
    case 'closeDispute': {
      const outcome = op.won ? ('won' as const) : ('lost' as const);
      return {
        txId: ledgerTxId.disputeClosed(paymentIntentId, `dp_${op.pi}`, outcome),
        decide: (w) => {
          const amountCents = world.deposits.get(paymentIntentId);
          return amountCents
            ? closeDispute(w, { paymentIntentId, disputeId: `dp_${op.pi}`, amountCents, outcome, now })
            : null;
        },
      };
    }
  }
}

/** Commits the operations cut at `cuts`, as the wallet writer would, summing each commit's deltas. */
function commitAll(ops: readonly Operation[], cuts: readonly number[]) {
  const world = { deposits: new Map<string, number>(), made: new Map<string, boolean>() };
  const steps = ops.map((op) => stepOf(op, world));
  let wallet: Wallet | undefined;
  const lines: Transaction[] = [];
  let counted: FigureDeltas = NO_FIGURES;
  let from = 0;
  for (let commit = 0; from < steps.length; commit += 1) {
    const part = steps.slice(from, from + Math.max(1, cuts[commit] ?? steps.length));
    from += part.length;
    const written = new Set(lines.map((t) => t.id));
    const plan = planCommit(wallet, written, part, { userId: 'u1', now });
    const applied = plan.applied.map((a) => a.decision);
    counted = sumFigures(counted, aggregateDeltasOf({ walletOpened: wallet === undefined, applied }));
    for (const decision of applied) lines.push(...decision.transactions);
    wallet = plan.wallet;
    // What applied, committed again (a replayed webhook, a retried settlement shard): nothing applies, nothing counts.
    const again = planCommit(
      wallet,
      new Set(lines.map((t) => t.id)),
      plan.applied.map((a) => a.step),
      { userId: 'u1', now },
    );
    expect(again.replayed).toHaveLength(plan.applied.length);
    const replayed = aggregateDeltasOf({ walletOpened: false, applied: again.applied.map((a) => a.decision) });
    expect(replayed).toEqual(NO_FIGURES);
  }
  return { wallet: wallet!, lines, counted };
}

describe('the overview figures the wallet writer adds, under random commits and replays', () => {
  it('add up to a recount of the ledger lines, and to what the wallet holds', () => {
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 15 }),
        (ops, cuts) => {
          const { wallet, lines, counted } = commitAll(ops, cuts);
          const recount = lines.reduce((sum, line) => sumFigures(sum, lineFigures(line)), {
            ...NO_FIGURES,
            newUsers: 1,
          });
          expect(counted).toEqual(recount);

          // The money figures agree with the wallet the same decisions left (courtesy credits are money in too).
          expect(counted.reservedChange).toBe(wallet.reservedBalance);
          expect(counted.revenue).toBe(wallet.chargedBalance);
          expect(counted.moneyIn + counted.credits - counted.refunded - counted.disputed + counted.disputesWon).toBe(
            wallet.balance + wallet.reservedBalance + wallet.chargedBalance,
          );
          // Every paid prediction is resolved or still holds its $1; the free ones used the allowance.
          expect(counted.paidPredictions - counted.resolved).toBe(wallet.reservedBalance / 100);
          expect(counted.freePredictions).toBe(5 - wallet.freePredictions);
          expect(counted.revenue + counted.released).toBe(100 * counted.resolved);
          expect(counted.hits).toBe(counted.revenue / 100);
          expect(counted.newUsers).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
