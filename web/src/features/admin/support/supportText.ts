import { centsToDollars, type AuditAction } from '@stockseer/contract';

const dollars = (cents: number) => `$${centsToDollars(cents)}`;

/** The customer view's and support actions' texts (docs/product.md#customer-view), written once. */
export const CUSTOMER_TEXT = {
  back: 'Back to Admin',
  open: 'Open',
  openUser: (who: string) => `Open ${who}`,
  notFound: 'No such user.',

  profileTitle: 'Profile',
  email: 'E-mail',
  userId: 'User id',
  memberSince: 'Member since',
  admin: 'Admin',

  walletTitle: 'Wallet',
  available: 'Available',
  reserved: 'Reserved',
  charged: 'Charged',
  owed: 'Owed',
  heldForRefunds: 'Held for refunds',
  freeLeft: 'Free predictions left',
  noWallet: 'No wallet yet: this user has not opened the app.',

  sessionsTitle: 'Sessions',
  lastSignIn: 'Last sign-in',
  lastActive: 'Last active',
  tokensValidAfter: 'Sessions valid after',
  disabled: 'Account',
  disabledYes: 'Disabled: cannot sign in',
  disabledNo: 'Enabled',
  never: 'Never',

  actionsTitle: 'Support actions',
  paymentsTitle: 'Payments',
  paymentsEmpty: 'No top-ups.',
  paymentsRegion: 'Payments table',
  topUp: 'Top-up',
  date: 'Date',
  amount: 'Amount',
  refunded: 'Refunded',
  disputed: 'Disputed',
  refundable: 'Refundable',
  takenBack: 'Refunds and disputes',
  none: '—',

  statementTitle: 'Statement',
  statementEmpty: 'No ledger lines.',
  statementRegion: 'Statement table',
  line: 'Line',
  availableAfter: 'Available after',
  predictionsTitle: 'Predictions',
  /** The user's page lists every prediction of theirs, unfiltered. */
  predictionsEmpty: 'No predictions yet.',

  reason: 'Reason (required, kept in the audit log)',
  reasonShort: 'Reason',
  reasonPlaceholder: 'Why are you doing this?',
  continue: 'Continue',
  goBack: 'Back',
  cancel: 'Cancel',
  working: 'Working...',

  credit: 'Give courtesy credit',
  creditTitle: 'Courtesy credit',
  creditAmount: 'Amount in dollars ($0.01 to $100.00)',
  creditConfirm: (amount: number, who: string) =>
    `Give ${who} a courtesy credit of ${dollars(amount)}? It goes into their Available balance and shows in their statement as "Courtesy credit".`,
  creditButton: (amount: number) => `Credit ${dollars(amount)}`,
  credited: (amount: number, who: string) => `${dollars(amount)} courtesy credit given to ${who}.`,

  refund: 'Refund',
  refundTitle: 'Refund a top-up',
  refundAmount: (left: number) => `Amount in dollars (up to ${dollars(left)})`,
  refundConfirm: (amount: number, paymentIntentId: string, who: string) =>
    `Refund ${dollars(amount)} of top-up ${paymentIntentId} to ${who}'s card through Stripe? It leaves their Available balance.`,
  refundButton: (amount: number) => `Refund ${dollars(amount)}`,
  refundedDone: (amount: number, who: string) => `${dollars(amount)} refunded to ${who}'s card.`,
  refundLabel: (paymentIntentId: string) => `Refund top-up ${paymentIntentId}`,

  signOut: 'Sign out everywhere',
  signOutTitle: 'Sign out everywhere',
  disable: 'Also disable the account (it cannot sign in again)',
  signOutConfirm: (who: string, disable: boolean) =>
    `End every session of ${who}${disable ? ' and disable the account' : ''}? Money routes refuse their current tokens at once.`,
  signOutButton: (disable: boolean) => (disable ? 'Sign out and disable' : 'Sign out everywhere'),
  signedOut: (who: string) => `${who} is signed out everywhere.`,

  amountMissing: 'Please enter an amount',
  amountProblem: 'Please enter an amount in dollars with at most 2 decimal places',
  amountOutOfRange: (min: number, max: number) => `Please enter an amount between ${dollars(min)} and ${dollars(max)}`,
  reasonMissing: 'Please say why: the reason is kept in the audit log',
} as const;

/** Admin > Activity (docs/product.md#audit-log). */
export const ACTIVITY_TEXT = {
  title: 'Activity',
  intro: 'Every admin action, newest first: who, when, what and why. Nobody can edit or delete an entry.',
  region: 'Activity table',
  empty: 'No admin actions match these filters.',
  action: 'Action',
  admin: 'Admin',
  target: 'Target user id',
  targetPlaceholder: 'A user id, as on the user page',
  from: 'From',
  to: 'To',
  all: 'All',
  when: 'When',
  what: 'What',
  reason: 'Reason',
  noReason: '—',
} as const;

export const ACTION_LABELS: Record<AuditAction, string> = {
  courtesy_credit: 'Courtesy credit',
  refund: 'Refund',
  sign_out: 'Sign out everywhere',
  default_model: 'Default model',
  time_machine: 'Time machine',
  maintenance: 'Daily maintenance',
  grant_admin: 'Admin granted',
  paid_after_closure: 'Paid after closure, refunded',
};
