import { TOP_UP_MESSAGES, type TopUpProblem } from '@stockseer/contract';
import { SIGNED_OUT_WALLET_TEXT } from './signedOutMessages';

/** The Wallet tab's texts (SPEC 2, 4, 5, 8), written once; the tests import the same constants. */
export const WALLET_TEXT = {
  ...SIGNED_OUT_WALLET_TEXT,
  signOut: 'Sign Out',
  adminBadge: 'Admin User',
  memberSince: 'Member since',
  available: 'Available',
  reserved: 'Reserved',
  charged: 'Charged',
  freePredictions: 'Free Predictions Remaining',
  resetsOn: 'Resets on',
  walletFailed: 'Failed to load your wallet',
  addFunds: 'Add Funds with Stripe',
  history: 'Payment History',
  noHistory: 'No transaction history available.',
  historyFailed: 'Failed to fetch transactions',
  historyTruncated: (count: number) => `Showing your latest ${count} transactions.`,
  owesTitle: 'Your wallet is below zero',
  owesFreeStillWork: 'Free predictions still work.',
  showFree: (count: number) => `Show ${count} free prediction${count === 1 ? '' : 's'}`,
  hideFree: 'Hide free predictions',
} as const;

/** The add-funds dialog: the amount step, then the payment step. */
export const ADD_FUNDS_TEXT = {
  amountLabel: 'Amount (USD)',
  quickAmounts: 'Quick amounts',
  continue: 'Continue to Payment',
  goBack: 'Go Back',
  paying: (amount: string) => `You are adding ${amount} to your wallet.`,
  settingUp: 'Setting up payment...',
  setUpFailed: 'Failed to set up payment',
  unavailable: 'Payments are unavailable right now. Please check your connection and try again later.',
  loadingForm: 'Loading the payment form...',
  pay: (amount: string) => `Pay ${amount}`,
  processing: 'Processing...',
  testMode: 'Test mode: no real card is charged',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  cardFailedTitle: 'Payment failed',
  cardFailedDefault: 'An error occurred during payment',
  succeededTitle: 'Payment succeeded!',
  succeeded: (amount: string) => `${amount} has been added to your wallet`,
  creditFailedTitle: 'Payment succeeded, but wallet update failed',
  creditFailed: 'Please contact support if your balance is not updated',
} as const;

/** SPEC 5: each problem's title; the messages come from the shared contract, as the server sends them. */
const AMOUNT_TITLES: Record<TopUpProblem, string> = {
  invalid: 'Invalid amount',
  tooPrecise: 'Invalid amount',
  tooSmall: 'Minimum amount',
  tooLarge: 'Maximum amount',
};

export const amountProblemText = (problem: TopUpProblem) => ({
  title: AMOUNT_TITLES[problem],
  message: TOP_UP_MESSAGES[problem],
});

/**
 * SPEC 4 and 8, payment return (`/wallet?payment_success=true&amount=…`). DESIGN 6: the URL never credits anything,
 * so the message promises only what the server will do when Stripe confirms the payment.
 */
export const PAYMENT_RETURN_TEXT = {
  title: 'Payment received',
  description: 'Your balance shows the payment as soon as Stripe confirms it.',
} as const;

/** How each kind of ledger line reads in the Payment History list. */
export const TRANSACTION_LABELS = {
  deposit: 'Deposit',
  reservation: 'Reserved',
  payment: 'Fee charged',
  refund: 'Released',
  free_prediction: 'Free prediction',
  other: 'Adjustment',
  top_up_refund: 'Refunded by Stripe',
  dispute: 'Disputed',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
} as const;
