import { describe, expect, it } from 'vitest';
import { ledgerTxId } from './ledger';
import { newestLineFirst, predictionIdOfLine } from './ledgerLines';

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
});
