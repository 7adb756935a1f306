import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { deposit, newWallet, payForPrediction, settle } from '../ledger';
import { addOnDate, bookDifference, describeDifference, figureKeysOf, type FigureBook } from './book';
import { aggregateDeltasOf, freeResolutionFigures, lineFigures, NO_FIGURES } from './figures';

const now = fixedClock('2026-11-26').now();

describe('aggregateDeltasOf', () => {
  it("counts a commit's lines: the top-up, the paid prediction it holds $1 for, and its charge on a hit", () => {
    let wallet = { ...newWallet('u1', now), freePredictions: 0 };
    const topUp = deposit(wallet, { paymentIntentId: 'pi_1', amountCents: 500, now });
    wallet = topUp.wallet;
    const paid = payForPrediction(wallet, { predictionId: 'p1', ticker: 'KO', now });
    const charged = settle(paid.wallet, { predictionId: 'p1', ticker: 'KO', outcome: 'hit', isFree: false, now });
    expect(aggregateDeltasOf({ walletOpened: true, applied: [topUp, paid, charged] })).toEqual({
      ...NO_FIGURES,
      newUsers: 1,
      moneyIn: 500,
      paidPredictions: 1,
      revenue: 100,
      resolved: 1,
      hits: 1,
    });
  });

  it('counts nothing for a commit that applied nothing on a wallet that existed', () => {
    expect(aggregateDeltasOf({ walletOpened: false, applied: [] })).toEqual(NO_FIGURES);
  });

  it('says what each line kind adds', () => {
    expect(lineFigures({ type: 'refund', amount: 100 })).toMatchObject({
      released: 100,
      reservedChange: -100,
      resolved: 1,
      hits: 0,
    });
    expect(lineFigures({ type: 'free_prediction', amount: 0 })).toMatchObject({ freePredictions: 1 });
    expect(lineFigures({ type: 'top_up_refund', amount: 250 })).toMatchObject({ refunded: 250 });
    expect(lineFigures({ type: 'dispute', amount: 900 })).toMatchObject({ disputed: 900 });
    expect(lineFigures({ type: 'dispute_won', amount: 900 })).toMatchObject({ disputesWon: 900 });
    expect(lineFigures({ type: 'dispute_lost', amount: 900 })).toEqual(NO_FIGURES);
    expect(lineFigures({ type: 'credit', amount: 300 })).toMatchObject({ credits: 300 });
    expect(lineFigures({ type: 'other', amount: 300 })).toMatchObject({ credits: 300 });
    // A closed account's unspent courtesy credit: courtesy credits count net of it.
    expect(lineFigures({ type: 'forfeiture', amount: 120 })).toEqual({ ...NO_FIGURES, credits: -120 });
  });

  it('counts free resolutions, which move no money', () => {
    expect(freeResolutionFigures(['hit', 'missed', 'hit'])).toEqual({ ...NO_FIGURES, resolved: 3, hits: 2 });
  });
});

describe('the figure book', () => {
  it("files an instant under New York's day and month, not UTC's", () => {
    expect(figureKeysOf(new Date('2026-12-01T03:00:00Z'))).toEqual(['day:2026-11-30', 'month:2026-11']);
  });

  it('lists what a recount finds beyond the stored figures, figure by figure', () => {
    const counted: FigureBook = new Map();
    const stored: FigureBook = new Map();
    addOnDate(counted, now, { moneyIn: 500, newUsers: 1 });
    addOnDate(stored, now, { moneyIn: 500 });
    addOnDate(stored, fixedClock('2026-11-27').now(), { hits: 1 });
    expect(describeDifference(bookDifference(counted, stored))).toEqual([
      'day:2026-11-26 newUsers +1',
      'month:2026-11 hits -1',
      'month:2026-11 newUsers +1',
      'day:2026-11-27 hits -1',
    ]);
    expect(bookDifference(counted, counted).size).toBe(0);
  });
});
