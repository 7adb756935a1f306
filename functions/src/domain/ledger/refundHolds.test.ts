import { describe, expect, it } from 'vitest';
import type { TopUpRefund } from './topUps';
import { holdResolution, RELEASE_UNSENT_HOLD_AFTER_MS, RESOLVE_HOLD_AFTER_MS } from './refundHolds';

const heldAt = new Date('2026-11-26T15:00:00.000Z');
const hold = { paymentIntentId: 'pi_1', amountCents: 400, heldAt: heldAt.toISOString() };
const after = (ms: number) => new Date(heldAt.getTime() + ms);
const refund = (status: TopUpRefund['status'], holdId: string | null = 'h1'): TopUpRefund => ({
  refundId: `re_${status}`,
  amountCents: 400,
  status,
  holdId,
});

describe('holdResolution', () => {
  it('leaves a young hold to its request, whatever Stripe has', () => {
    const young = after(RESOLVE_HOLD_AFTER_MS - 1);
    expect(holdResolution('h1', hold, [refund('succeeded')], young)).toBe('wait');
    expect(holdResolution('h1', hold, [], young)).toBe('wait');
  });

  it("applies Stripe's history once its refund is final: made (the hold becomes it) or failed (released)", () => {
    expect(holdResolution('h1', hold, [refund('succeeded')], after(RESOLVE_HOLD_AFTER_MS))).toBe('apply');
    expect(holdResolution('h1', hold, [refund('failed')], after(RESOLVE_HOLD_AFTER_MS))).toBe('apply');
  });

  it('keeps a hold whose refund is pending at the bank, however old', () => {
    expect(holdResolution('h1', hold, [refund('pending')], after(30 * 86_400_000))).toBe('wait');
  });

  it('releases a hold no refund was made from, once its request can no longer be calling Stripe', () => {
    const others = [refund('succeeded', null), refund('succeeded', 'h2')];
    expect(holdResolution('h1', hold, others, after(RELEASE_UNSENT_HOLD_AFTER_MS - 1))).toBe('wait');
    expect(holdResolution('h1', hold, others, after(RELEASE_UNSENT_HOLD_AFTER_MS))).toBe('release');
  });
});
