import { type MaintenanceReport, type PredictionType, type TimeFrame } from '@stockseer/contract';
import { formatCents } from '../../lib/format';

/** The Admin tab's texts (docs/product.md#ui-texts), written once; the tests import the same constants. */
export const ADMIN_TEXT = {
  errorTitle: 'Error',
  successTitle: 'Success',
  fetchFailed: 'Failed to fetch admin data. Please try again.',

  defaultModelsTitle: 'Default AI Models',
  defaultModelsIntro: 'What "Recommended" means for each timeframe, for every user.',
  update: 'Update',
  updating: 'Updating...',
  modelUpdated: (timeFrame: TimeFrame, modelName: string) =>
    `Default model for ${timeFrame} term updated to ${modelName}.`,
  modelUpdateFailed: (timeFrame: TimeFrame) => `Failed to update default model for ${timeFrame} term.`,

  maintenanceTitle: 'Daily Maintenance',
  maintenanceIntro:
    'Resolves predictions whose target date has passed, settles their reserved dollars, renews monthly free predictions, removes old back-test records and prepares the forecasts asked today for the next session. It also runs by itself every day after the close.',
  runMaintenance: 'Run Daily Maintenance',
  runningMaintenance: 'Running...',
  maintenanceDone: 'Daily Maintenance Complete',
  maintenanceFailed: 'Failed to complete daily maintenance tasks. Please try again.',

  predictionsTitle: 'All User Predictions',
  tableRegion: 'Predictions table',
  loading: 'Loading...',
  empty: 'No predictions match these filters.',
  /** The list as it opens (users' own predictions, nothing else filtered) when it is empty. */
  noneYet: 'No user has made a prediction yet.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  /** The server applies the filters, so every loaded prediction matches them. */
  count: (loaded: number, more: boolean) => `Showing ${loaded}${more ? ' loaded' : ''} matching predictions`,
  noOwner: '—',

  userFilter: 'User',
  statusFilter: 'Status',
  timeFrameFilter: 'Timeframe',
  typeFilter: 'Type',
  modelFilter: 'Model',
  allUsers: 'All users',
  all: 'All',

  usersTitle: 'Users',
  usersSearch: 'Search users',
  usersSearchPlaceholder: 'E-mail or name',
  usersRegion: 'Users table',
  usersEmpty: 'No users match this search.',
  usersCount: (shown: number, more: boolean) =>
    `Showing ${shown}${more ? ' loaded' : ''} ${shown === 1 ? 'user' : 'users'}`,
  adminBadge: 'Admin',
  noWallet: '—',

  timeMachineTitle: 'Local time machine',
  timeMachineIntro: 'Emulator only: the server acts as if today were the date set here.',
  today: (date: string, pinned: boolean) => `Today is ${date}${pinned ? ' (set by the time machine)' : ''}.`,
  dateLabel: 'Date',
  setDate: 'Set date',
  realDate: 'Back to the real date',
  clockSet: (date: string) => `The server's today is now ${date}.`,
  clockFailed: 'Failed to set the date. Please try again.',
} as const;

/** The Users section's columns (docs/product.md#admin-tab). */
export const USER_COLUMNS = {
  user: 'User',
  memberSince: 'Member since',
  available: 'Available',
  reserved: 'Reserved',
  charged: 'Charged',
  free: 'Free left',
  predictions: 'Predictions',
} as const;

export const COLUMNS = {
  user: 'User e-mail',
  stock: 'Stock',
  model: 'Model',
  timeFrame: 'Timeframe',
  type: 'Type',
  prediction: 'Prediction Date/Price',
  target: 'Target Date/Price',
  outcome: 'Status/Actual',
  cost: 'Cost',
} as const;

export { STATUS_LABELS } from '../../lib/format';

export const TYPE_LABELS: Record<PredictionType, string> = { historical: 'Historical', future: 'Future' };

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The counts of a maintenance run (docs/product.md#daily-maintenance). Failures and invariant violations are named only
 * when there are some: they are what an admin must act on.
 */
export function maintenanceSummary(report: MaintenanceReport): string {
  const parts = [
    `${counted(report.updatedCount, 'outcome', 'outcomes')} updated`,
    `${counted(report.resetWalletsCount, 'wallet', 'wallets')} reset`,
    `${counted(report.cleanupCount, 'historical prediction', 'historical predictions')} cleaned up`,
  ];
  if (report.failedCount > 0) parts.push(`${report.failedCount} failed (retried on the next run)`);
  if (report.invariantViolations > 0) {
    parts.push(counted(report.invariantViolations, 'invariant violation', 'invariant violations'));
  }
  if (report.pushSentCount > 0) parts.push(`${counted(report.pushSentCount, 'notification', 'notifications')} pushed`);
  return parts.join(', ');
}

/**
 * The nightly audit of the books in a run's report (docs/product.md#books-audited-every-night): the wallets checked,
 * their money in, charged and reserved, and the discrepancies, each an alert in Payment alerts.
 */
export function booksSummary(report: MaintenanceReport): string {
  const found = report.booksDiscrepancies;
  const figures = [
    counted(report.booksWalletsCount, 'wallet', 'wallets'),
    `${formatCents(report.booksInCents)} in`,
    `${formatCents(report.booksChargedCents)} charged`,
    `${formatCents(report.booksReservedCents)} reserved`,
    counted(found, 'discrepancy', 'discrepancies'),
  ].join(', ');
  return found === 0 ? `Books balanced: ${figures}` : `Books out of balance: ${figures} (see Payment alerts)`;
}
