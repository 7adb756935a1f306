import { CLOSE_ACCOUNT_CONFIRMATION, type TimeFrame, TIME_FRAME_LABELS } from '@stockseer/contract';
import { formatCents, formatDate } from '../../lib/format';

/** The texts of the account card and the close-account dialog (docs/product.md#closing-an-account). */
export const ACCOUNT_TEXT = {
  title: 'Your account',
  downloadTitle: 'Download my data',
  downloadBody: 'Everything StockSeer keeps about you: your profile, predictions, statement and payments.',
  downloadJson: 'Download JSON',
  downloadCsv: 'Download CSV',
  downloading: 'Preparing...',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  closeTitle: 'Close account',
  closeBody: 'Your open predictions are cancelled, your balance goes back to your card and your data is deleted.',
  closeButton: 'Close account...',
} as const;

export const CLOSE_TEXT = {
  dialogTitle: 'Close your account',
  loading: 'Working out what closing would do...',
  loadFailed: 'What closing would do could not be loaded. Please try again.',
  cannotClose: 'Your account cannot be closed yet',
  cancelledHeading: (count: number) =>
    count === 0 ? 'No open paid predictions' : `${count} open paid prediction${count === 1 ? '' : 's'} cancelled`,
  cancelledBody: 'Each is cancelled with no fee: its $1 goes back to Available before the refund.',
  cancelledLine: (symbol: string, timeFrame: TimeFrame, targetDate: string) =>
    `${symbol}, ${TIME_FRAME_LABELS[timeFrame]}, target ${formatDate(targetDate)}`,
  freeCancelled: (count: number) =>
    `${count} open free prediction${count === 1 ? '' : 's'} cancelled, and your free predictions left go.`,
  noFreeOpen: 'Your free predictions left go with the account.',
  refundHeading: (totalCents: number) => `${formatCents(totalCents)} refunded to your card`,
  noRefund: 'Nothing to refund: your Available balance is $0.00.',
  noCardRefund: 'Nothing goes back to a card',
  forfeit: (cents: number) =>
    `${formatCents(cents)} of courtesy credit is not refunded: it came from StockSeer, not from your card.`,
  refundBody: 'Your newest top-up first, each up to what is left of it:',
  refundLine: (refundCents: number, topUpCents: number, toppedUpAt: string) =>
    `${formatCents(refundCents)} of your ${formatCents(topUpCents)} top-up of ${formatDate(toppedUpAt)}`,
  deletedHeading: 'Deleted',
  deletedBody:
    'Your profile and e-mail, wallet, watchlist, notifications, prediction history and your sign-in: you cannot sign in to this account again.',
  keptHeading: 'Kept, without your name or e-mail',
  keptBody:
    'The ledger lines and Stripe payments the books must keep, and your resolved predictions, which count in the public track record.',
  confirmLabel: `Type ${CLOSE_ACCOUNT_CONFIRMATION} to confirm`,
  cancel: 'Keep my account',
  confirm: 'Close my account',
  closing: 'Closing...',
  failed: 'Your account could not be closed. Please try again.',
  doneTitle: 'Your account is closed',
  doneRefund: (totalCents: number) =>
    `${formatCents(totalCents)} is on its way back to your card. Your bank shows it within 5 to 10 business days.`,
  doneNoRefund: 'There was no balance to refund.',
  doneBody: 'Your data is deleted. Thank you for using StockSeer.',
  signOut: 'Sign out',
} as const;
