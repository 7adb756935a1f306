import { describe, expect, it } from 'vitest';
import { creditableTopUp, UncreditablePayment, uncreditableReason, type TopUpPayment } from './topUps';

const paid: TopUpPayment = {
  paymentIntentId: 'pi_1',
  userId: 'u1',
  succeeded: true,
  status: 'succeeded',
  amountCents: 1000,
};

describe('whether a top-up can be credited', () => {
  it('credits a succeeded USD top-up of whole cents', () => {
    expect(uncreditableReason(paid)).toBeNull();
    expect(creditableTopUp(paid)).toBe(paid);
  });

  it.each<[string, Partial<TopUpPayment>, string]>([
    ['no wallet', { userId: null }, 'is not a wallet top-up'],
    ['not succeeded', { succeeded: false, status: 'processing' }, 'has status "processing", not succeeded'],
    ['nothing', { amountCents: 0 }, 'has amount 0'],
    ['a fraction of a cent', { amountCents: 10.5 }, 'has amount 10.5'],
    ['less than nothing', { amountCents: -100 }, 'has amount -100'],
  ])('refuses a top-up with %s, for good', (_, fields, reason) => {
    const payment = { ...paid, ...fields };
    expect(uncreditableReason(payment)).toContain(reason);
    expect(() => creditableTopUp(payment)).toThrow(UncreditablePayment);
  });
});
