import { costLabel, TOP_UP_MESSAGES, type TopUpProblem, type TransactionType } from '@stockseer/contract';
import { SIGNED_OUT_WALLET_TEXT } from './signedOutMessages';

/** The Wallet tab's texts (docs/product.md#ui-texts), written once; the tests import the same constants. */
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
  onlyFreeFolded: 'Only free predictions so far: they move no money.',
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

/** Each problem's title; the messages come from the shared contract, as the server sends them. */
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
 * The payment return (`/wallet?payment_success=true&amount=…`, docs/product.md#return-url): the URL never credits
 * anything, so the message promises only what the server will do when Stripe confirms the payment.
 */
export const PAYMENT_RETURN_TEXT = {
  title: 'Payment received',
  description: 'Your balance shows the payment as soon as Stripe confirms it.',
} as const;

/**
 * What a prediction cost, in the words of History's Cost column and its CSV export (docs/product.md#cost-label), so
 * that the statement and the export name the same dollar alike.
 */
const COST = {
  free: costLabel({ isFree: true, status: 'active' }),
  reserved: costLabel({ isFree: false, status: 'active' }),
  fee: costLabel({ isFree: false, status: 'hit' }),
  noFee: costLabel({ isFree: false, status: 'missed' }),
};

/**
 * The Payment History is a statement (docs/product.md#statement): each line's effect on the wallet's three figures, in
 * their words, and Balance, what is Available after the line.
 */
export const STATEMENT_TEXT = {
  legend:
    'Each line shows what it moved in (+) or out (−) of Available, Reserved and Charged. Balance is your Available after it.',
  date: 'Date',
  transaction: 'Transaction',
  available: WALLET_TEXT.available,
  reserved: WALLET_TEXT.reserved,
  charged: WALLET_TEXT.charged,
  balance: 'Balance',
  /** A free prediction's line, in place of an amount: it moves no money. */
  free: COST.free,
  broughtForward: (available: string, reserved: string, charged: string) =>
    `Before these lines: Available ${available}, Reserved ${reserved}, Charged ${charged}.`,
} as const;

/** A prediction's lines, named by what happened to its $1 (old lines carry other stored descriptions). */
export const PREDICTION_LINE_TEXT = {
  reservation: (ticker: string) => `${ticker} prediction: ${COST.reserved}`,
  payment: (ticker: string) => `${ticker} prediction hit: ${COST.fee} charged`,
  refund: (ticker: string) => `${ticker} prediction missed: ${COST.noFee}, $1 released`,
  free_prediction: (ticker: string) => `${ticker} prediction: ${COST.free}`,
  cancellation: (ticker: string) => `${ticker} prediction cancelled (account closed): ${COST.noFee}, $1 released`,
} satisfies Partial<Record<TransactionType, (ticker: string) => string>>;

/**
 * The kind of the other lines, under the description the ledger wrote ("Stripe payment: $10.00",
 * docs/product.md#ledger-lines).
 */
export const TRANSACTION_LABELS = {
  deposit: 'Deposit',
  other: 'Adjustment',
  top_up_refund: 'Refunded by Stripe',
  dispute: 'Disputed',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  credit: 'Courtesy credit',
  forfeiture: 'Courtesy credit not refunded',
  refund_hold: 'Refund in progress',
  refund_hold_release: 'Refund hold ended',
} satisfies Record<Exclude<TransactionType, keyof typeof PREDICTION_LINE_TEXT>, string>;
