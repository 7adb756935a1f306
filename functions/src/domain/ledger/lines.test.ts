import { describe, expect, it } from 'vitest';
import type { TransactionType } from '@stockseer/contract';
import { ledgerTxId } from './ids';
import { figuresBefore, NO_MONEY, newestLineFirst, predictionIdOfLine, statementLines } from './lines';

describe('ledger lines', () => {
  it('finds the prediction of a reservation, free use, fee or release, and none for a deposit', () => {
    expect(predictionIdOfLine(ledgerTxId.reserve('p1'))).toBe('p1');
    expect(predictionIdOfLine(ledgerTxId.settle('p2'))).toBe('p2');
    expect(predictionIdOfLine(ledgerTxId.deposit('pi_1'))).toBeNull();
    expect(predictionIdOfLine(ledgerTxId.reserve(''))).toBeNull();
  });

  it('orders by date, newest first, and lines of the same date by when they were written', () => {
    const day = '2021-04-21T21:00:00.000Z';
    const lines = [
      { id: 'reserve', date: day, writtenAt: 1 },
      { id: 'older day', date: '2021-04-20T21:00:00.000Z', writtenAt: 9 },
      { id: 'settle', date: day, writtenAt: 3 },
      { id: 'deposit', date: day, writtenAt: 2 },
    ];
    expect(lines.sort(newestLineFirst).map((line) => line.id)).toEqual(['settle', 'deposit', 'reserve', 'older day']);
  });

  it("states issue 23's wallet as lines that add up: $10 in, 4 paid predictions, 2 hits, 2 misses, 1 free", () => {
    const line = (type: TransactionType, amount = 100) => ({ type, amount });
    const lines = statementLines(
      [
        line('deposit', 1000),
        line('free_prediction', 0),
        ...Array.from({ length: 4 }, () => line('reservation')),
        line('payment'),
        line('refund'),
        line('payment'),
        line('refund'),
      ],
      NO_MONEY,
    );
    expect(lines.map((l) => [l.type, l.effect, l.after.available])).toEqual([
      ['deposit', { available: 1000, reserved: 0, charged: 0 }, 1000],
      ['free_prediction', { available: 0, reserved: 0, charged: 0 }, 1000],
      ['reservation', { available: -100, reserved: 100, charged: 0 }, 900],
      ['reservation', { available: -100, reserved: 100, charged: 0 }, 800],
      ['reservation', { available: -100, reserved: 100, charged: 0 }, 700],
      ['reservation', { available: -100, reserved: 100, charged: 0 }, 600],
      // The fee leaves Reserved, not Available a second time.
      ['payment', { available: 0, reserved: -100, charged: 100 }, 600],
      ['refund', { available: 100, reserved: -100, charged: 0 }, 700],
      ['payment', { available: 0, reserved: -100, charged: 100 }, 700],
      ['refund', { available: 100, reserved: -100, charged: 0 }, 800],
    ]);
    expect(lines.at(-1)!.after).toEqual({ available: 800, reserved: 0, charged: 200 });
  });

  it('takes money Stripe took back out of Available, below zero if spent, and a won dispute puts it back', () => {
    const lines = statementLines(
      [
        { type: 'deposit', amount: 500 },
        { type: 'reservation', amount: 100 },
        { type: 'top_up_refund', amount: 500 },
        { type: 'dispute', amount: 300 },
        { type: 'dispute_lost', amount: 300 },
        { type: 'dispute_won', amount: 300 },
      ] as const,
      NO_MONEY,
    );
    expect(lines.map((l) => l.after.available)).toEqual([500, 400, -100, -400, -400, -100]);
    expect(lines.at(-1)!.after).toEqual({ available: -100, reserved: 100, charged: 0 });
  });

  it('counts the latest lines on from what the wallet held before them when older ones are left out', () => {
    const wallet = { available: 700, reserved: 100, charged: 200 };
    const latest = [
      { type: 'payment', amount: 100 },
      { type: 'deposit', amount: 500 },
    ] as const;
    const opening = figuresBefore(wallet, latest);
    expect(opening).toEqual({ available: 200, reserved: 200, charged: 100 });
    expect(statementLines(latest, opening).at(-1)!.after).toEqual(wallet);
  });
});
