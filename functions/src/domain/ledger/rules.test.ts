import { describe, expect, it } from 'vitest';
import { Transaction, Wallet, walletOwesMessage, ERROR_MESSAGES } from '@stockseer/contract';
import {
  assertInvariants,
  checkInvariants,
  closeDispute,
  deposit,
  newWallet,
  openDispute,
  refundTopUp,
  resetAllowanceIfDue,
  settle,
  payForPrediction,
} from '.';
import { AppError, InvariantViolation } from '../errors';

const now = new Date('2024-03-15T21:00:00.000Z');
const later = new Date('2024-03-20T21:00:00.000Z');

function wallet(fields: Partial<Wallet> = {}): Wallet {
  return { ...newWallet('u1', now), ...fields };
}

describe('newWallet', () => {
  it('starts empty with the monthly allowance, resetting a month later', () => {
    expect(newWallet('u1', now)).toEqual({
      userId: 'u1',
      balance: 0,
      reservedBalance: 0,
      chargedBalance: 0,
      freePredictions: 5,
      resetDate: '2024-04-15',
      createdAt: '2024-03-15T21:00:00.000Z',
      updatedAt: '2024-03-15T21:00:00.000Z',
    });
  });

  it.each([
    ['2024-01-31T17:00:00.000Z', '2024-02-29'],
    ['2023-01-31T17:00:00.000Z', '2023-02-28'],
    ['2024-12-15T17:00:00.000Z', '2025-01-15'],
  ])('clamps to the last day of a shorter month: created %s resets %s', (created, resetDate) => {
    expect(newWallet('u1', new Date(created)).resetDate).toBe(resetDate);
  });

  it('counts the creation day in New York, where the exchange is', () => {
    // 02:00 UTC on Mar 1 is still Feb 29 in New York.
    expect(newWallet('u1', new Date('2024-03-01T02:00:00.000Z')).resetDate).toBe('2024-03-29');
  });

  it('is a valid contract Wallet', () => {
    expect(Wallet.parse(newWallet('u1', now))).toEqual(newWallet('u1', now));
  });
});

describe('deposit', () => {
  it('credits the balance and records the payment with its dollar amount', () => {
    const { wallet: next, transactions } = deposit(wallet(), {
      paymentIntentId: 'pi_1',
      amountCents: 1005,
      now: later,
    });
    expect(next).toMatchObject({ balance: 1005, reservedBalance: 0, updatedAt: later.toISOString() });
    expect(transactions).toEqual([
      {
        id: 'deposit:pi_1',
        walletId: 'u1',
        type: 'deposit',
        amount: 1005,
        ticker: null,
        description: 'Stripe payment: $10.05',
        date: later.toISOString(),
        createdAt: later.toISOString(),
      },
    ]);
    expect(Transaction.parse(transactions[0])).toEqual(transactions[0]);
  });

  it.each([
    [500, 'Stripe payment: $5.00'],
    [100000, 'Stripe payment: $1000.00'],
    [7, 'Stripe payment: $0.07'],
  ])('describes %i cents as %s', (amountCents, description) => {
    const { transactions } = deposit(wallet(), { paymentIntentId: 'pi', amountCents, now });
    expect(transactions[0]?.description).toBe(description);
  });

  it.each([0, -100, 10.5, Number.NaN])('refuses %s cents as a bug', (amountCents) => {
    expect(() => deposit(wallet(), { paymentIntentId: 'pi', amountCents, now })).toThrow(InvariantViolation);
  });

  it('does not mutate the wallet it was given', () => {
    const before = wallet();
    const copy = structuredClone(before);
    deposit(before, { paymentIntentId: 'pi', amountCents: 500, now });
    expect(before).toEqual(copy);
  });
});

describe('payForPrediction', () => {
  const request = { predictionId: 'p1', ticker: 'AAPL', now: later };

  it('uses a free prediction first, moving no money', () => {
    const decision = payForPrediction(wallet({ balance: 500 }), request);
    expect(decision.isFree).toBe(true);
    expect(decision.wallet).toMatchObject({ freePredictions: 4, balance: 500, reservedBalance: 0 });
    expect(decision.transactions).toEqual([
      expect.objectContaining({ id: 'reserve:p1', type: 'free_prediction', amount: 0, ticker: 'AAPL' }),
    ]);
  });

  it('reserves $1 once the allowance is used up', () => {
    const decision = payForPrediction(wallet({ freePredictions: 0, balance: 250 }), request);
    expect(decision.isFree).toBe(false);
    expect(decision.wallet).toMatchObject({ freePredictions: 0, balance: 150, reservedBalance: 100 });
    expect(decision.transactions).toEqual([
      expect.objectContaining({ id: 'reserve:p1', type: 'reservation', amount: 100, ticker: 'AAPL' }),
    ]);
  });

  it('reserves the last dollar exactly', () => {
    expect(payForPrediction(wallet({ freePredictions: 0, balance: 100 }), request).wallet.balance).toBe(0);
  });

  it('refuses with 402-kind error below $1', () => {
    const act = () => payForPrediction(wallet({ freePredictions: 0, balance: 99 }), request);
    expect(act).toThrow(AppError);
    expect(act).toThrow(ERROR_MESSAGES.insufficientFunds);
    try {
      act();
    } catch (error) {
      expect((error as AppError).kind).toBe('insufficient_funds');
    }
  });
});

describe('settle', () => {
  const reserved = wallet({ freePredictions: 0, balance: 400, reservedBalance: 100 });
  const resolution = { predictionId: 'p1', ticker: 'AAPL', isFree: false, now: later };

  it('charges the reservation on a hit', () => {
    const { wallet: next, transactions } = settle(reserved, { ...resolution, outcome: 'hit' });
    expect(next).toMatchObject({ balance: 400, reservedBalance: 0, chargedBalance: 100 });
    expect(transactions).toEqual([expect.objectContaining({ id: 'settle:p1', type: 'payment', amount: 100 })]);
  });

  it('gives the reservation back on a miss', () => {
    const { wallet: next, transactions } = settle(reserved, { ...resolution, outcome: 'missed' });
    expect(next).toMatchObject({ balance: 500, reservedBalance: 0, chargedBalance: 0 });
    expect(transactions).toEqual([expect.objectContaining({ id: 'settle:p1', type: 'refund', amount: 100 })]);
  });

  it('moves nothing and records nothing for a free prediction', () => {
    for (const outcome of ['hit', 'missed'] as const) {
      expect(settle(reserved, { ...resolution, isFree: true, outcome })).toEqual({
        wallet: reserved,
        transactions: [],
      });
    }
  });

  it('fails loudly when there is no reservation to settle', () => {
    expect(() => settle(wallet(), { ...resolution, outcome: 'hit' })).toThrow(InvariantViolation);
  });
});

describe('resetAllowanceIfDue', () => {
  const used = wallet({ freePredictions: 1 });

  it('leaves the allowance alone before the reset date', () => {
    expect(resetAllowanceIfDue(used, { today: '2024-04-14', now })).toBeNull();
  });

  it('refills to 5 on the reset date and moves it a month on', () => {
    const reset = resetAllowanceIfDue(used, { today: '2024-04-15', now: later });
    expect(reset).toMatchObject({ freePredictions: 5, resetDate: '2024-05-15', updatedAt: later.toISOString() });
  });

  it('skips the months a dormant wallet missed, landing after today', () => {
    expect(resetAllowanceIfDue(used, { today: '2024-09-20', now })?.resetDate).toBe('2024-10-15');
    expect(resetAllowanceIfDue(used, { today: '2024-10-15', now })?.resetDate).toBe('2024-11-15');
  });

  it('keeps the creation day after a clamped month instead of drifting to the 28th', () => {
    const endOfMonth = newWallet('u1', new Date('2024-01-31T17:00:00.000Z'));
    expect(endOfMonth.resetDate).toBe('2024-02-29');
    const afterFebruary = resetAllowanceIfDue(endOfMonth, { today: '2024-02-29', now });
    expect(afterFebruary?.resetDate).toBe('2024-03-31');
    expect(resetAllowanceIfDue(afterFebruary!, { today: '2024-03-31', now })?.resetDate).toBe('2024-04-30');
  });
});

describe('money taken back: refunds and disputes of a top-up', () => {
  const taken = { paymentIntentId: 'pi_1', now };

  it('takes a refund out of the balance, below zero when the money was spent', () => {
    const spent = wallet({ balance: 300, reservedBalance: 100, chargedBalance: 600, freePredictions: 0 });
    const decision = refundTopUp(spent, { ...taken, refundId: 're_1', amountCents: 1000 });
    expect(decision.wallet).toMatchObject({ balance: -700, reservedBalance: 100, chargedBalance: 600 });
    expect(decision.transactions).toEqual([
      expect.objectContaining({
        id: 'top-up-refund:pi_1:re_1',
        type: 'top_up_refund',
        amount: 1000,
        description: 'Refund of Stripe payment: $10.00',
      }),
    ]);
  });

  it('refuses a paid prediction while the wallet owes money, allows a free one, and a deposit repays first', () => {
    const owing = wallet({ balance: -250, freePredictions: 0 });
    const pay = () => payForPrediction(owing, { predictionId: 'p1', ticker: 'AAPL', now });
    expect(pay).toThrow(walletOwesMessage(250));
    expect(walletOwesMessage(250)).toBe('Your wallet is $2.50 below zero after a refund; add funds to continue');
    const free = payForPrediction({ ...owing, freePredictions: 1 }, { predictionId: 'p1', ticker: 'AAPL', now });
    expect(free.isFree).toBe(true);
    const repaid = deposit(owing, { paymentIntentId: 'pi_2', amountCents: 1000, now });
    expect(repaid.wallet.balance).toBe(750);
  });

  it('holds a disputed amount back, returns it when won and keeps it when lost', () => {
    const funded = wallet({ balance: 2000 });
    const held = openDispute(funded, { ...taken, disputeId: 'dp_1', amountCents: 2000 });
    expect(held.wallet.balance).toBe(0);
    expect(held.transactions[0]).toMatchObject({ id: 'dispute:pi_1:dp_1', type: 'dispute', amount: 2000 });
    const won = closeDispute(held.wallet, { ...taken, disputeId: 'dp_1', amountCents: 2000, outcome: 'won' });
    expect(won.wallet.balance).toBe(2000);
    expect(won.transactions[0]).toMatchObject({ id: 'dispute-won:pi_1:dp_1', type: 'dispute_won' });
    const lost = closeDispute(held.wallet, { ...taken, disputeId: 'dp_1', amountCents: 2000, outcome: 'lost' });
    expect(lost.wallet.balance).toBe(0);
    expect(lost.transactions[0]).toMatchObject({
      id: 'dispute-lost:pi_1:dp_1',
      description: 'Dispute lost: $20.00 stays deducted',
    });
  });

  it.each([0, -5, 10.5])('refuses to take back %s cents', (amountCents) => {
    expect(() => refundTopUp(wallet(), { ...taken, refundId: 're_1', amountCents })).toThrow(InvariantViolation);
  });

  it('lets no other operation take a balance below zero', () => {
    const owing = wallet({ balance: -100 });
    expect(() => resetAllowanceIfDue({ ...owing, balance: -100 }, { today: '2024-04-15', now })).not.toThrow();
    expect(
      settle(wallet({ balance: -300, reservedBalance: 100 }), {
        predictionId: 'p1',
        ticker: 'AAPL',
        outcome: 'missed',
        isFree: false,
        now,
      }).wallet.balance,
    ).toBe(-200);
  });
});

describe('checkInvariants', () => {
  const tx = (id: string, type: Transaction['type'], amount: number): Transaction => ({
    id,
    walletId: 'u1',
    type,
    amount,
    ticker: null,
    description: '',
    date: now.toISOString(),
    createdAt: now.toISOString(),
  });
  const history = [
    tx('deposit:pi_1', 'deposit', 500),
    tx('other:goodwill', 'other', 50),
    tx('reserve:p1', 'reservation', 100),
    tx('reserve:p2', 'reservation', 100),
    tx('reserve:p3', 'reservation', 100),
    tx('reserve:p4', 'free_prediction', 0),
    tx('settle:p1', 'payment', 100),
    tx('settle:p2', 'refund', 100),
  ];
  const healthy = wallet({ balance: 350, reservedBalance: 100, chargedBalance: 100, freePredictions: 4 });

  it('finds nothing wrong with a consistent history, in whatever order it is read back', () => {
    const takenBack = [
      ...history,
      tx('top-up-refund:pi_1:re_1', 'top_up_refund', 200),
      tx('dispute:pi_1:dp_1', 'dispute', 300),
      tx('dispute-won:pi_1:dp_1', 'dispute_won', 300),
    ];
    const afterRefund = { ...healthy, balance: 150 };
    expect(checkInvariants(afterRefund, takenBack)).toEqual([]);
    expect(checkInvariants(afterRefund, [...takenBack].reverse())).toEqual([]);
    expect(checkInvariants(healthy, history)).toEqual([]);
    expect(() => assertInvariants(healthy, history)).not.toThrow();
  });

  it.each<[string, Partial<Wallet>, Transaction[], string]>([
    ['a negative balance', { balance: -1 }, history, 'balance is -1'],
    ['a negative reservation', { reservedBalance: -100 }, history, 'reservedBalance is -100'],
    ['a negative charge', { chargedBalance: -100 }, history, 'chargedBalance is -100'],
    ['too many free predictions', { freePredictions: 6 }, history, 'freePredictions is 6'],
    ['money out of thin air', { balance: 450 }, history, 'wallet holds 650 cents but received 550'],
    ['a missing deposit', {}, history.slice(1), 'wallet holds 550 cents but received 50'],
    ['a charge without payment', {}, history.filter((t) => t.type !== 'payment'), 'payments total 0'],
    ['an unreserved reservation', {}, history.filter((t) => t.id !== 'reserve:p3'), '0 reservations are open'],
    ['a settlement twice', {}, [...history, tx('settle:p1', 'refund', 100)], 'settled twice'],
    ['a settlement of nothing', {}, [...history, tx('settle:p9', 'refund', 100)], 'p9 is settled but was never'],
    ['a fee of other than $1', {}, [...history, tx('reserve:p5', 'reservation', 200)], 'has amount 200'],
    ['an id off the scheme', {}, [...history, tx('p6', 'deposit', 0)], 'should have an id deposit:'],
    ['another wallet', {}, [...history, { ...tx('deposit:x', 'deposit', 0), walletId: 'u2' }], 'wallet u2'],
    ['money given back unrecorded', { balance: 150 }, history, 'wallet holds 350 cents but received 550'],
    [
      'a refund of a top-up never credited',
      { balance: 250 },
      [...history, tx('top-up-refund:pi_9:re_1', 'top_up_refund', 100)],
      'from pi_9, which was never credited',
    ],
    [
      'more given back than the top-up brought',
      { balance: -250 },
      [...history, tx('top-up-refund:pi_1:re_1', 'top_up_refund', 400), tx('dispute:pi_1:dp_1', 'dispute', 200)],
      'pi_1 gave back 600 cents of the 500',
    ],
    [
      'a dispute closed without being opened',
      { balance: 450 },
      [...history, tx('dispute-won:pi_1:dp_1', 'dispute_won', 100)],
      'dp_1 closes but was never opened',
    ],
    [
      'a dispute closed twice',
      { balance: 350 },
      [
        ...history,
        tx('dispute:pi_1:dp_1', 'dispute', 100),
        tx('dispute-won:pi_1:dp_1', 'dispute_won', 100),
        tx('dispute-lost:pi_1:dp_1', 'dispute_lost', 100),
      ],
      'dp_1 closes twice',
    ],
  ])('reports %s', (_, fields, transactions, message) => {
    const violations = checkInvariants({ ...healthy, ...fields }, transactions);
    expect(violations.join('\n')).toContain(message);
    expect(() => assertInvariants({ ...healthy, ...fields }, transactions)).toThrow(InvariantViolation);
  });
});
