import type { CustomerPayment } from '@stockseer/contract';

/**
 * What a refund of this top-up may take back now: what is left of it, but no more than Available holds (reserved and
 * charged money is not the admin's to give back; docs/product.md#admin-refunds). Zero when Available is at or below it.
 */
export const refundableNow = (payment: Pick<CustomerPayment, 'refundableCents'>, availableCents: number): number =>
  Math.max(0, Math.min(payment.refundableCents, availableCents));
