import { describe, expect, it } from 'vitest';
import type { Transaction } from '@stockseer/contract';
import { deposit, payForPrediction, planCommit, refundTopUp, settle, type WalletStep } from '../ledger';
import { auditWallet, expectedLines, reconcile, type StripeMoney } from './books';

const now = new Date('2026-11-20T21:00:00.000Z');
const later = new Date('2026-11-24T21:00:00.000Z');

/** A healthy wallet: $20 in, $5 refunded, six predictions (five free), the paid one charged. */
function healthy() {
  const steps: WalletStep[] = [
    { txId: 'deposit:pi_1', decide: (w) => deposit(w, { paymentIntentId: 'pi_1', amountCents: 2000, now }) },
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({
      txId: `reserve:${id}`,
      decide: (w: Parameters<typeof payForPrediction>[0]) =>
        payForPrediction(w, { predictionId: id, ticker: 'KO', now }),
    })),
    {
      txId: 'settle:f',
      decide: (w) => settle(w, { predictionId: 'f', ticker: 'KO', outcome: 'hit', isFree: false, now: later }),
    },
    {
      txId: 'top-up-refund:pi_1:re_1',
      decide: (w) => refundTopUp(w, { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 500, now: later }),
    },
  ];
  const plan = planCommit(undefined, new Set(), steps, { userId: 'u1', now });
  return { wallet: plan.wallet, lines: plan.applied.flatMap((a) => a.decision.transactions) };
}

describe('auditWallet', () => {
  it('adds a healthy wallet to the totals, naming nothing', () => {
    const { wallet, lines } = healthy();
    expect(auditWallet(wallet, lines, later.toISOString())).toEqual({
      walletId: 'u1',
      inCents: 1500,
      chargedCents: 100,
      reservedCents: 0,
      violations: [],
      suspectTxIds: ['settle:f', 'top-up-refund:pi_1:re_1'],
    });
  });

  it('finds a wallet changed behind the ledger, and a line changed behind it, naming the line it can', () => {
    const { wallet, lines } = healthy();
    expect(auditWallet({ ...wallet, balance: wallet.balance + 700 }, lines, later.toISOString()).violations).toEqual([
      'wallet holds 2200 cents but received 2000 and gave back 500',
    ]);
    const twice = [...lines, lines[0]!] as Transaction[];
    const books = auditWallet(wallet, twice, later.toISOString());
    expect(books.violations).toContain('transaction deposit:pi_1 appears twice');
    expect(books.suspectTxIds).toEqual(['deposit:pi_1']);
  });
});

describe('reconcile', () => {
  const money: StripeMoney = {
    payments: [{ paymentIntentId: 'pi_1', userId: 'u1', amountCents: 2000 }],
    refunds: [{ refundId: 're_1', paymentIntentId: 'pi_1', userId: 'u1', amountCents: 500 }],
    disputes: [{ disputeId: 'dp_2', paymentIntentId: 'pi_2', userId: 'u2', amountCents: 900, status: 'lost' }],
  };

  it("expects a line per top-up, refund, dispute and the bank's decision, and finds them all", () => {
    const expected = expectedLines(money);
    expect(expected.map((e) => e.txId)).toEqual([
      'deposit:pi_1',
      'top-up-refund:pi_1:re_1',
      'dispute:pi_2:dp_2',
      'dispute-lost:pi_2:dp_2',
    ]);
    const { lines } = healthy();
    const stored = new Map(lines.map((t) => [t.id, t]));
    const other = (id: string, type: Transaction['type']): Transaction => ({
      id,
      type,
      amount: 900,
      walletId: 'u2',
      ticker: null,
      description: '',
      date: now.toISOString(),
      createdAt: now.toISOString(),
    });
    stored.set('dispute:pi_2:dp_2', other('dispute:pi_2:dp_2', 'dispute'));
    stored.set('dispute-lost:pi_2:dp_2', other('dispute-lost:pi_2:dp_2', 'dispute_lost'));
    expect(reconcile(expected, stored)).toEqual([]);

    // A missing line, another amount, another wallet: each a discrepancy naming the line and Stripe's object.
    stored.delete('dispute-lost:pi_2:dp_2');
    stored.set('deposit:pi_1', { ...stored.get('deposit:pi_1')!, amount: 2500 });
    stored.set('top-up-refund:pi_1:re_1', { ...stored.get('top-up-refund:pi_1:re_1')!, walletId: 'u9' });
    expect(reconcile(expected, stored).map((d) => [d.txId, d.stripeId, d.reason])).toEqual([
      ['deposit:pi_1', 'pi_1', "deposit:pi_1 is 2500 cents, but Stripe's pi_1 is 2000"],
      ['top-up-refund:pi_1:re_1', 're_1', "top-up-refund:pi_1:re_1 is in wallet u9, but Stripe's re_1 belongs to u1"],
      ['dispute-lost:pi_2:dp_2', 'dp_2', 'Stripe lists dp_2 (900 cents), but the ledger has no dispute-lost:pi_2:dp_2'],
    ]);
  });
});
