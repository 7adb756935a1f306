/** The payment alerts card's texts (PaymentAlertsCard); tests import them. */
export const ALERTS_TEXT = {
  title: 'Payment alerts',
  intro:
    'Signed Stripe events that could not be applied to a wallet. Stripe was told they arrived, so it will not send them again: each needs a look.',
  empty: 'No payment alerts.',
  failed: 'Failed to load payment alerts',
} as const;
