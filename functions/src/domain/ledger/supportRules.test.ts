import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES, type Wallet } from '@stockseer/contract';
import {
  checkInvariants,
  courtesyCredit,
  COURTESY_CREDIT_WINDOW_MS,
  DEFAULT_COURTESY_CREDIT_CAPS,
  deposit,
  endRefundHold,
  heldForRefunds,
  holdForRefund,
  newWallet,
  refundTopUp,
  type LedgerDecision,
} from '.';
import { AppError, InvariantViolation } from '../errors';

const now = new Date('2024-03-15T21:00:00.000Z');
const funded = deposit(newWallet('u1', now), { paymentIntentId: 'pi_1', amountCents: 1000, now });
const hold = (wallet: Wallet, holdId: string, amountCents: number) =>
  holdForRefund(wallet, { holdId, paymentIntentId: 'pi_1', amountCents, refundableCents: 1000, now });
const refused = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('not refused');
};
const madeRefund = { refundId: 're_1', paymentIntentId: 'pi_1', amountCents: 600 };
const history = (...decisions: LedgerDecision[]) => decisions.flatMap((d) => d.transactions);

describe("an admin refund's hold", () => {
  it('takes its amount out of Available at once, as held money the books still count', () => {
    const first = hold(funded.wallet, 'h1', 600);
    expect(first.wallet).toMatchObject({
      balance: 400,
      refundHolds: { h1: { paymentIntentId: 'pi_1', amountCents: 600 } },
    });
    expect(first.transactions).toMatchObject([{ id: 'refund-hold:h1', type: 'refund_hold', amount: 600 }]);
    expect(checkInvariants(first.wallet, history(funded, first))).toEqual([]);
    // A second refund sees the first one's hold: what is left of Available, no more.
    expect(refused(() => hold(first.wallet, 'h2', 500))).toBe(SUPPORT_MESSAGES.refundExceedsAvailable(400));
    const second = hold(first.wallet, 'h2', 400);
    expect(second.wallet.balance).toBe(0);
    expect(heldForRefunds(second.wallet)).toBe(1000);
  });

  it('becomes the refund: the refund line and the end of the hold leave Available where the hold put it', () => {
    const held = hold(funded.wallet, 'h1', 600);
    const refunded = refundTopUp(held.wallet, { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 600, now });
    const ended = endRefundHold(refunded.wallet, { holdId: 'h1', refund: madeRefund, now })!;
    expect(ended.wallet.balance).toBe(400);
    expect(ended.wallet.refundHolds).toBeUndefined();
    expect(ended.transactions).toMatchObject([{ id: 'refund-hold-release:h1', type: 'refund_hold_release' }]);
    expect(checkInvariants(ended.wallet, history(funded, held, refunded, ended))).toEqual([]);
    // Ended once: nothing more to end.
    expect(endRefundHold(ended.wallet, { holdId: 'h1', refund: madeRefund, now })).toBeNull();
  });

  it('refuses to end a hold in a refund that is not the one it held for', () => {
    const held = hold(funded.wallet, 'h1', 600);
    expect(() =>
      endRefundHold(held.wallet, { holdId: 'h1', refund: { ...madeRefund, amountCents: 500 }, now }),
    ).toThrow(InvariantViolation);
  });

  it('goes back to Available when Stripe refuses the refund', () => {
    const held = hold(funded.wallet, 'h1', 600);
    const released = endRefundHold(held.wallet, { holdId: 'h1', refund: null, now })!;
    expect(released.wallet.balance).toBe(1000);
    expect(released.transactions[0]!.description).toBe('Refund not made: $6.00 back to Available');
    expect(checkInvariants(released.wallet, history(funded, held, released))).toEqual([]);
  });

  it('is refused on a closing account, and the books notice a hold the wallet lost', () => {
    const closing = { ...funded.wallet, closingSince: now.toISOString() };
    expect(refused(() => hold(closing, 'h1', 100))).toBe(SUPPORT_MESSAGES.accountClosingRefund);
    const held = hold(funded.wallet, 'h1', 600);
    const { refundHolds: _lost, ...lost } = held.wallet;
    expect(checkInvariants(lost, history(funded, held))).toEqual([
      'refund hold h1 of 600 is open, the wallet holds 0',
      'wallet holds 400 cents but received 1000 and gave back 0',
    ]);
  });
});

describe('the ceilings of courtesy credits', () => {
  const caps = DEFAULT_COURTESY_CREDIT_CAPS;
  const give = (wallet: Wallet, creditId: string, amountCents: number, at = now) =>
    courtesyCredit(wallet, { creditId, amountCents, now: at, caps });

  it('refuses a credit above its own ceiling', () => {
    expect(refused(() => give(funded.wallet, 'c1', caps.perCreditCents + 1))).toBe(
      SUPPORT_MESSAGES.creditAboveCap(caps.perCreditCents),
    );
  });

  it('counts the credits of the last 30 days, and says what is left', () => {
    const tenDaysOn = new Date(now.getTime() + 10 * 86_400_000);
    const first = give(funded.wallet, 'c1', 5_000);
    const second = give(first.wallet, 'c2', 4_000, tenDaysOn);
    expect(refused(() => give(second.wallet, 'c3', 1_001, tenDaysOn))).toBe(
      SUPPORT_MESSAGES.creditsAboveWindowCap(10_000, 1_000),
    );
    expect(give(second.wallet, 'c3', 1_000, tenDaysOn).wallet.balance).toBe(1000 + 10_000);
    // Thirty days after the first, only the second still counts.
    const later = new Date(now.getTime() + COURTESY_CREDIT_WINDOW_MS + 1);
    const after = give(second.wallet, 'c3', 5_000, later);
    expect(after.wallet.recentCredits).toEqual([
      { at: tenDaysOn.toISOString(), amountCents: 4_000 },
      { at: later.toISOString(), amountCents: 5_000 },
    ]);
    expect(checkInvariants(after.wallet, history(funded, first, second, after))).toEqual([]);
  });
});
