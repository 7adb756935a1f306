import { describe, expect, it } from 'vitest';
import type { Transaction } from '@stockseer/contract';
import { customerPayments } from './payments';

const line = (id: string, type: Transaction['type'], amount: number, date: string): Transaction => ({
  id,
  walletId: 'u1',
  type,
  amount,
  ticker: null,
  description: id,
  date,
  createdAt: date,
});

describe("a customer's payments, read off the ledger", () => {
  it('lists top-ups newest first, each with its refunds and disputes and what is left to refund', () => {
    const payments = customerPayments([
      line('deposit:pi_1', 'deposit', 1000, '2026-11-01T10:00:00.000Z'),
      line('reserve:p1', 'reservation', 100, '2026-11-01T11:00:00.000Z'),
      line('top-up-refund:pi_1:re_2', 'top_up_refund', 300, '2026-11-03T10:00:00.000Z'),
      line('top-up-refund:pi_1:re_1', 'top_up_refund', 200, '2026-11-02T10:00:00.000Z'),
      line('deposit:pi_2', 'deposit', 500, '2026-11-04T10:00:00.000Z'),
      line('dispute:pi_2:dp_1', 'dispute', 500, '2026-11-05T10:00:00.000Z'),
      line('dispute-won:pi_2:dp_1', 'dispute_won', 500, '2026-11-06T10:00:00.000Z'),
      line('credit:c1', 'credit', 250, '2026-11-07T10:00:00.000Z'),
    ]);
    expect(payments.map((p) => [p.paymentIntentId, p.refundedCents, p.disputedCents, p.refundableCents])).toEqual([
      ['pi_2', 0, 0, 500],
      ['pi_1', 500, 0, 500],
    ]);
    expect(payments[1]!.takenBack.map((t) => t.id)).toEqual(['top-up-refund:pi_1:re_1', 'top-up-refund:pi_1:re_2']);
    expect(payments[0]!.takenBack.map((t) => t.type)).toEqual(['dispute', 'dispute_won']);
  });

  it('counts a lost dispute as gone for good', () => {
    const [payment] = customerPayments([
      line('deposit:pi_1', 'deposit', 800, '2026-11-01T10:00:00.000Z'),
      line('dispute:pi_1:dp_1', 'dispute', 800, '2026-11-02T10:00:00.000Z'),
      line('dispute-lost:pi_1:dp_1', 'dispute_lost', 800, '2026-11-03T10:00:00.000Z'),
    ]);
    expect(payment).toMatchObject({ disputedCents: 800, refundableCents: 0 });
  });
});
