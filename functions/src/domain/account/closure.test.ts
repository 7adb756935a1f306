import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type Transaction } from '@stockseer/contract';
import { fixedClock } from '../clock';
import { AppError } from '../errors';
import {
  cancelReservation,
  checkInvariants,
  deposit,
  endRefundHold,
  holdForRefund,
  ledgerTxId,
  newWallet,
  openDispute,
  closeDispute,
  payForPrediction,
  refundTopUp,
  settle,
  startClosing,
  type LedgerDecision,
} from '../ledger';
import { customerPayments } from '../ledger/payments';
import { closureRefundKey, closureRefusal, refundPlan } from './closure';

const now = fixedClock('2026-11-26').now();

/** A wallet and its lines after `decisions`, each applied to the wallet the ones before left. */
function ledgerOf(...decisions: ((w: ReturnType<typeof newWallet>) => LedgerDecision)[]) {
  let wallet = { ...newWallet('u1', now), freePredictions: 0 };
  const lines: Transaction[] = [];
  for (const decide of decisions) {
    const decision = decide(wallet);
    wallet = decision.wallet;
    lines.push(...decision.transactions);
  }
  return { wallet, lines, written: lines.map((line, writtenAt) => ({ ...line, writtenAt })) };
}

const topUp = (paymentIntentId: string, amountCents: number) => (w: ReturnType<typeof newWallet>) =>
  deposit(w, { paymentIntentId, amountCents, now });
const predict = (predictionId: string) => (w: ReturnType<typeof newWallet>) =>
  payForPrediction(w, { predictionId, ticker: 'KO', now });

describe('closing an account', () => {
  it('from $37.50 with two open paid predictions: cancels both and refunds $39.50, the newest top-up first', () => {
    let { wallet, lines, written } = ledgerOf(topUp('pi_a', 2000), topUp('pi_b', 1950), predict('p1'), predict('p2'));
    expect(wallet).toMatchObject({ balance: 3750, reservedBalance: 200 });
    expect(closureRefusal(wallet, lines)).toBeNull();

    wallet = startClosing(wallet, now)!;
    for (const predictionId of ['p1', 'p2']) {
      const cancelled = cancelReservation(wallet, { predictionId, ticker: 'KO', now });
      expect(cancelled.transactions).toEqual([
        expect.objectContaining({ id: ledgerTxId.settle(predictionId), type: 'cancellation', amount: 100 }),
      ]);
      wallet = cancelled.wallet;
      lines = [...lines, ...cancelled.transactions];
    }
    written = lines.map((line, writtenAt) => ({ ...line, writtenAt }));
    expect(wallet).toMatchObject({ balance: 3950, reservedBalance: 0, chargedBalance: 0 });
    expect(checkInvariants(wallet, lines)).toEqual([]);

    const plan = refundPlan(wallet.balance, customerPayments(written));
    expect(plan.refunds.map((r) => [r.paymentIntentId, r.refundCents])).toEqual([
      ['pi_b', 1950],
      ['pi_a', 2000],
    ]);
    expect(plan.forfeitCents).toBe(0);
  });

  it('limits each refund to what its top-up has left, then takes the rest from the next older one', () => {
    const { written } = ledgerOf(topUp('pi_a', 2000), topUp('pi_b', 1000), (w) =>
      refundTopUp(w, { paymentIntentId: 'pi_b', refundId: 're_1', amountCents: 700, now }),
    );
    expect(refundPlan(2300, customerPayments(written)).refunds.map((r) => [r.paymentIntentId, r.refundCents])).toEqual([
      ['pi_b', 300],
      ['pi_a', 2000],
    ]);
    expect(refundPlan(2500, customerPayments(written)).forfeitCents).toBe(200);
    expect(refundPlan(200, customerPayments(written)).refunds).toEqual([
      expect.objectContaining({ paymentIntentId: 'pi_b', refundCents: 200, topUpCents: 1000 }),
    ]);
  });

  it('orders top-ups of one date by the order they were written (the time machine pins one date a day)', () => {
    const { written } = ledgerOf(topUp('pi_old', 500), topUp('pi_new', 500));
    expect(written[0]!.date).toBe(written[1]!.date);
    expect(customerPayments(written).map((p) => p.paymentIntentId)).toEqual(['pi_new', 'pi_old']);
  });

  it('is refused while the wallet owes money, and while a dispute is open, not once it is decided', () => {
    const owes = ledgerOf(topUp('pi_a', 500), predict('p1'), (w) =>
      refundTopUp(w, { paymentIntentId: 'pi_a', refundId: 're_1', amountCents: 500, now }),
    );
    expect(owes.wallet.balance).toBe(-100);
    expect(closureRefusal(owes.wallet, owes.lines)).toBe(ACCOUNT_MESSAGES.walletOwes(100));

    const dispute = { paymentIntentId: 'pi_a', disputeId: 'dp_1', amountCents: 500, now };
    const open = ledgerOf(topUp('pi_a', 500), topUp('pi_b', 500), (w) => openDispute(w, dispute));
    expect(closureRefusal(open.wallet, open.lines)).toBe(ACCOUNT_MESSAGES.disputed);
    const won = ledgerOf(
      topUp('pi_a', 500),
      (w) => openDispute(w, dispute),
      (w) => closeDispute(w, { ...dispute, outcome: 'won' }),
    );
    expect(closureRefusal(won.wallet, won.lines)).toBeNull();
    expect(customerPayments(won.written)[0]).toMatchObject({ disputedCents: 0, refundableCents: 500 });
  });

  it('refuses the mark itself while a refund hold is open or the wallet owes: a hold that came in after the check', () => {
    const { wallet } = ledgerOf(topUp('pi_a', 500), (w) =>
      holdForRefund(w, { holdId: 'h1', paymentIntentId: 'pi_a', amountCents: 200, refundableCents: 500, now }),
    );
    expect(() => startClosing(wallet, now)).toThrow(new AppError('conflict', ACCOUNT_MESSAGES.refundsPending));
    const released = endRefundHold(wallet, { holdId: 'h1', refund: null, now })!.wallet;
    expect(startClosing(released, now)).toMatchObject({ closingSince: now.toISOString(), balance: 500 });
    const owes = ledgerOf(topUp('pi_a', 500), predict('p1'), (w) =>
      refundTopUp(w, { paymentIntentId: 'pi_a', refundId: 're_1', amountCents: 500, now }),
    ).wallet;
    expect(() => startClosing(owes, now)).toThrow(new AppError('conflict', ACCOUNT_MESSAGES.walletOwes(100)));
    // Marked before, it stays marked: a resumed closure is not refused by what came after the mark.
    expect(startClosing({ ...wallet, closingSince: now.toISOString() }, now)).toBeNull();
  });

  it('makes no new prediction, free or paid, once closing; a settlement that came first keeps its outcome', () => {
    const { wallet } = ledgerOf(topUp('pi_a', 500), predict('p1'));
    const closing = startClosing({ ...wallet, freePredictions: 3 }, now)!;
    expect(startClosing(closing, now)).toBeNull();
    expect(() => payForPrediction(closing, { predictionId: 'p2', ticker: 'KO', now })).toThrow(
      new AppError('conflict', ACCOUNT_MESSAGES.closing),
    );
    // Settled first, the `settle:` line exists: the closure's cancellation of p1 is a replay (commit.ts), and so the
    // other way round.
    const hit = settle(closing, { predictionId: 'p1', ticker: 'KO', outcome: 'hit', isFree: false, now });
    expect(hit.transactions[0]!.id).toBe(
      cancelReservation(closing, { predictionId: 'p1', ticker: 'KO', now }).transactions[0]!.id,
    );
  });

  it('derives its Stripe idempotency keys from the account, the top-up and what was refunded of it before', () => {
    expect(closureRefundKey('u1', 'pi_a', 0)).toBe('close-account:u1:pi_a:0');
    expect(closureRefundKey('u1', 'pi_a', 700)).not.toBe(closureRefundKey('u1', 'pi_a', 0));
  });
});
