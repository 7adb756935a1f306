import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Transaction, Wallet } from '@stockseer/contract';
import { fixedClock } from './clock';
import { AppError } from './errors';
import {
  ALREADY_APPLIED,
  applyOnce,
  checkInvariants,
  deposit,
  ledgerTxId,
  type LedgerDecision,
  newWallet,
  resetAllowanceIfDue,
  settle,
  usePredictionAllowance,
} from './ledger';

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
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** What the world outside the ledger knows: which payments succeeded and which predictions exist, and how paid. */
interface Model {
  today: string;
  wallet: Wallet;
  transactions: Transaction[];
  firstDepositCents: Map<string, number>;
  predictions: Map<string, { isFree: boolean; outcome?: 'hit' | 'missed' }>;
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The repository's part: idempotency check first, then the rule, then append. Frozen input proves no mutation. */
function apply(model: Model, txId: string, decide: (wallet: Wallet) => LedgerDecision): LedgerDecision | undefined {
  const frozen = Object.freeze({ ...model.wallet });
  const outcome = applyOnce(new Set(model.transactions.map((t) => t.id)), txId, () => decide(frozen));
  if (outcome === ALREADY_APPLIED) return undefined;
  model.wallet = outcome.wallet;
  model.transactions.push(...outcome.transactions);
  return outcome;
}

function step(model: Model, op: Operation): void {
  const now = fixedClock(model.today).now();
  switch (op.kind) {
    case 'deposit': {
      const paymentIntentId = `pi_${op.paymentIntent}`;
      const applied = apply(model, ledgerTxId.deposit(paymentIntentId), (w) =>
        deposit(w, { paymentIntentId, amountCents: op.amountCents, now }),
      );
      if (applied) model.firstDepositCents.set(paymentIntentId, op.amountCents);
      else expect(model.firstDepositCents.has(paymentIntentId)).toBe(true);
      return;
    }
    case 'predict': {
      const predictionId = `p${op.prediction}`;
      const before = model.wallet;
      try {
        let isFree = false;
        const applied = apply(model, ledgerTxId.reserve(predictionId), (w) => {
          const decision = usePredictionAllowance(w, { predictionId, ticker: 'AAPL', now });
          isFree = decision.isFree;
          return decision;
        });
        if (applied) model.predictions.set(predictionId, { isFree });
        else expect(model.predictions.has(predictionId)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).kind).toBe('insufficient_funds');
        expect(before.freePredictions === 0 && before.balance < 100).toBe(true);
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
    case 'advance': {
      model.today = plusDays(model.today, op.days);
      const reset = resetAllowanceIfDue(Object.freeze({ ...model.wallet }), { today: model.today, now });
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
  expect(wallet.balance).toBeGreaterThanOrEqual(0);

  const received = [...model.firstDepositCents.values()].reduce((sum, cents) => sum + cents, 0);
  expect(wallet.balance + wallet.reservedBalance + wallet.chargedBalance).toBe(received);

  const settlements = transactions.filter((t) => t.type === 'payment' || t.type === 'refund').map((t) => t.id);
  expect(new Set(settlements).size).toBe(settlements.length);
  const paidHits = [...model.predictions.entries()].filter(
    ([id, p]) => !p.isFree && p.outcome === 'hit' && settlements.includes(ledgerTxId.settle(id)),
  );
  expect(wallet.chargedBalance).toBe(100 * paidHits.length);
}

describe('ledger under random sequences of operations', () => {
  it('keeps every invariant after every step, conserves money and never settles twice', () => {
    const startDay = fc.integer({ min: 0, max: 3 * 366 }).map((days) => plusDays('2022-01-01', days));
    fc.assert(
      fc.property(startDay, fc.array(operation, { maxLength: 100, size: 'max' }), (today, operations) => {
        const model: Model = {
          today,
          wallet: newWallet('u1', fixedClock(today).now()),
          transactions: [],
          firstDepositCents: new Map(),
          predictions: new Map(),
        };
        for (const op of operations) {
          step(model, op);
          expectHealthy(model);
        }
      }),
      { numRuns: 300 },
    );
  });
});
