import { describe, expect, it } from 'vitest';
import { InvariantViolation } from '../errors';
import { deposit, newWallet, payForPrediction, planCommit, renewalStep, type WalletStep } from '.';

const now = new Date('2024-03-15T21:00:00.000Z');
const at = { userId: 'u1', now };
const broke = { ...newWallet('u1', now), freePredictions: 0 };
const reserve = (predictionId: string): WalletStep => ({
  txId: `reserve:${predictionId}`,
  decide: (w) => payForPrediction(w, { predictionId, ticker: 'AAPL', now }),
});
const credit = (paymentIntentId: string, amountCents = 500): WalletStep => ({
  txId: `deposit:${paymentIntentId}`,
  decide: (w) => deposit(w, { paymentIntentId, amountCents, now }),
});

describe('planCommit (the wallet writer, before it writes)', () => {
  it('answers a written line as a replay before looking at the balance', () => {
    const plan = planCommit(broke, new Set(['reserve:p1']), [reserve('p1')], at);
    expect(plan).toMatchObject({ write: false, applied: [], replayed: [{ txId: 'reserve:p1' }], wallet: broke });
    expect(() => planCommit(broke, new Set(), [reserve('p1')], at)).toThrow('Insufficient funds');
  });

  it('applies N decisions in order, each on the wallet the ones before left, and a repeated id once', () => {
    const plan = planCommit(
      broke,
      new Set(['deposit:pi_0']),
      [credit('pi_0'), credit('pi_1'), reserve('p1'), credit('pi_1')],
      at,
    );
    expect(plan.applied.map((a) => a.step.txId)).toEqual(['deposit:pi_1', 'reserve:p1']);
    expect(plan.replayed.map((s) => s.txId)).toEqual(['deposit:pi_0', 'deposit:pi_1']);
    expect(plan.wallet).toMatchObject({ balance: 400, reservedBalance: 100 });
    expect(plan.write).toBe(true);
  });

  it('opens a missing wallet, and writes nothing for an existing one when nothing applies', () => {
    expect(planCommit(undefined, new Set(), [], at)).toMatchObject({ write: true, wallet: newWallet('u1', now) });
    const renewal = renewalStep({ today: '2024-03-16', now });
    expect(planCommit(newWallet('u1', now), new Set(), [renewal], at).write).toBe(false);
    expect(planCommit({ ...broke, resetDate: '2024-03-16' }, new Set(), [renewal], at).wallet.freePredictions).toBe(5);
  });

  it('refuses a decision written under another id, or a step without a line that moves money', () => {
    const misfiled: WalletStep = { txId: 'deposit:pi_1', decide: credit('pi_2').decide };
    expect(() => planCommit(broke, new Set(), [misfiled], at)).toThrow(InvariantViolation);
    const sneaky: WalletStep = { txId: null, decide: (w) => ({ wallet: { ...w, balance: 900 }, transactions: [] }) };
    expect(() => planCommit(broke, new Set(), [sneaky], at)).toThrow(/changed balance/);
    expect(() => planCommit(broke, new Set(), [{ txId: null, decide: credit('pi_3').decide }], at)).toThrow(
      /without a line appends/,
    );
  });
});
