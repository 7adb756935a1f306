/** The payment alerts card's texts (PaymentAlertsCard); tests import them. */
export const ALERTS_TEXT = {
  title: 'Payment alerts',
  intro:
    'Signed Stripe events that could not be applied to a wallet (Stripe was told they arrived, so it will not send them again), and what the nightly audit of the books found out of balance: each needs a look.',
  wallet: 'Wallet',
  lines: 'lines',
  empty: 'No payment alerts.',
  failed: 'Failed to load payment alerts',
} as const;
