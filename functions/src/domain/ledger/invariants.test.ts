import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Wallet } from '@stockseer/contract';
import { fixedClock } from '../clock';
import {
  checkInvariants,
  courtesyCredit,
  DEFAULT_COURTESY_CREDIT_CAPS,
  deposit,
  forfeitCourtesyCredit,
  ledgerTxId,
  newWallet,
  operationViolations,
  settle,
  payForPrediction,
  type LedgerDecision,
} from '.';

const now = fixedClock('2026-03-02').now();

// Deposits, predictions (free first, then $1 reserved) and settlements of earlier predictions, in any order.
const operation = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amountCents: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('predict' as const) }),
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), hit: fc.boolean() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** Runs the operations through the ledger, yielding each wallet before and the decision applied to it. */
function* decisions(ops: Operation[]): Generator<{ before: Wallet; decision: LedgerDecision }> {
  let wallet = newWallet('user-1', now);
  const open: { id: string; isFree: boolean }[] = [];
  let next = 0;
  for (const op of ops) {
    let decision: LedgerDecision | undefined;
    const id = `op${next++}`;
    if (op.kind === 'deposit')
      decision = deposit(wallet, { paymentIntentId: `pi_${id}`, amountCents: op.amountCents, now });
    if (op.kind === 'predict' && (wallet.freePredictions > 0 || wallet.balance >= 100)) {
      const made = payForPrediction(wallet, { predictionId: id, ticker: 'AAPL', now });
      open.push({ id, isFree: made.isFree });
      decision = made;
    }
    if (op.kind === 'settle' && open.length > 0) {
      const [prediction] = open.splice(op.pick % open.length, 1);
      const { id: predictionId, isFree } = prediction!;
      decision = settle(wallet, { predictionId, ticker: 'AAPL', outcome: op.hit ? 'hit' : 'missed', isFree, now });
    }
    if (!decision) continue;
    yield { before: wallet, decision };
    wallet = decision.wallet;
  }
}

describe('operationViolations (the per-operation form of the ledger invariants)', () => {
  it('finds nothing wrong with any decision of the ledger, and the whole history stays healthy', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (ops) => {
        let last: Wallet | undefined;
        const history = [];
        for (const { before, decision } of decisions(ops)) {
          expect(operationViolations(before, decision)).toEqual([]);
          history.push(...decision.transactions);
          last = decision.wallet;
        }
        if (last) expect(checkInvariants(last, history)).toEqual([]);
      }),
    );
  });

  it('catches a decision that moves a bucket by more or less than its transactions say', () => {
    const bucket = fc.constantFrom('balance' as const, 'reservedBalance' as const, 'chargedBalance' as const);
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 30 }),
        bucket,
        fc.integer({ min: 1, max: 50 }),
        (ops, key, cents) => {
          for (const { before, decision } of decisions(ops)) {
            const skewed = { ...decision, wallet: { ...decision.wallet, [key]: decision.wallet[key] + cents } };
            expect(operationViolations(before, skewed).length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('catches a transaction written to another wallet and a lost free prediction', () => {
    const wallet = newWallet('user-1', now);
    const credit = deposit(wallet, { paymentIntentId: 'pi_1', amountCents: 500, now });
    const misfiled = { ...credit, transactions: credit.transactions.map((t) => ({ ...t, walletId: 'user-2' })) };
    expect(operationViolations(wallet, misfiled)).toEqual(['transaction deposit:pi_1 names wallet user-2']);
    const free = payForPrediction(wallet, { predictionId: 'p1', ticker: 'AAPL', now });
    expect(operationViolations(wallet, { ...free, wallet: { ...free.wallet, freePredictions: 3 } })).toEqual([
      'freePredictions moved by -2, its transactions say -1',
    ]);
  });
});

describe('checkInvariants on a forfeiture (the courtesy credit a closing leaves unspent)', () => {
  const credited = courtesyCredit(
    deposit(newWallet('user-1', now), { paymentIntentId: 'pi_1', amountCents: 500, now }).wallet,
    { creditId: 'c1', amountCents: 200, now, caps: DEFAULT_COURTESY_CREDIT_CAPS },
  );
  const history = [
    ...deposit(newWallet('user-1', now), { paymentIntentId: 'pi_1', amountCents: 500, now }).transactions,
    ...credited.transactions,
  ];
  const closing = { ...credited.wallet, closingSince: now.toISOString() };

  it("counts it as money out, at most what courtesy credits brought, under the account's own id", () => {
    const forfeited = forfeitCourtesyCredit(closing, { amountCents: 200, now });
    expect(forfeited.transactions.map((t) => t.id)).toEqual([ledgerTxId.forfeit('user-1')]);
    expect(operationViolations(closing, forfeited)).toEqual([]);
    expect(checkInvariants(forfeited.wallet, [...history, ...forfeited.transactions])).toEqual([]);

    const tooMuch = forfeitCourtesyCredit(closing, { amountCents: 300, now });
    expect(checkInvariants(tooMuch.wallet, [...history, ...tooMuch.transactions])).toEqual([
      '300 cents forfeited, more than the 200 credited',
    ]);
    const misnamed = forfeited.transactions.map((t) => ({ ...t, id: ledgerTxId.forfeit('user-2') }));
    expect(checkInvariants(forfeited.wallet, [...history, ...misnamed])).toEqual([
      "forfeiture forfeit:user-2 is not user-1's closing",
    ]);
  });

  it('is refused to a wallet not closing, or beyond what it holds', () => {
    expect(() => forfeitCourtesyCredit(credited.wallet, { amountCents: 100, now })).toThrow(/closing since undefined/);
    expect(() => forfeitCourtesyCredit(closing, { amountCents: 701, now })).toThrow(/forfeits 701 cents of 700/);
  });
});
