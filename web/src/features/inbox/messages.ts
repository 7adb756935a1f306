import { centsToDollars, TIME_FRAME_DAYS, type Notification } from '@stockseer/contract';
import { formatChance } from '../../lib/format';

/** The inbox's texts (docs/product.md#inbox), written once; the tests import the same constants. */
export const INBOX_TEXT = {
  title: 'Notifications',
  bell: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  loading: 'Loading notifications...',
  failed: 'Failed to load notifications. Please try again.',
  empty: 'No notifications yet',
  emptyHint: 'Resolved forecasts, your monthly free predictions and refunds show up here.',
  unread: 'Unread',
  markRead: 'Mark read',
  markReadOf: (text: string) => `Mark read: ${text}`,
  markAllRead: 'Mark all read',
  markFailed: 'Not marked read',
  needsConnection: 'Needs a connection: marking read waits until you are back online.',
  close: 'Close notifications',
  more: 'Show older',
  viewPrediction: 'View in History',
  viewLine: 'View on statement',
  viewWallet: 'View wallet',
} as const;

const dollars = (cents: number) => `$${centsToDollars(cents)}`;

/** What one entry says, in plain words, from its fields (nothing of it is stored as text). */
export function notificationText(n: Notification): string {
  switch (n.kind) {
    case 'prediction.hit':
    case 'prediction.missed': {
      const forecast = `${n.symbol} ${TIME_FRAME_DAYS[n.timeFrame]}-day forecast`;
      const hit = n.kind === 'prediction.hit';
      if (n.isFree) return `${forecast} ${hit ? 'hit' : 'missed'}: free, nothing charged`;
      return hit
        ? `${forecast} hit: ${dollars(n.amountCents)} charged`
        : `${forecast} missed: ${dollars(n.amountCents)} released`;
    }
    case 'allowance.renewed':
      return `Your ${n.freePredictions} free predictions for this month are ready`;
    case 'topUp.refunded':
      return `${dollars(n.amountCents)} of a top-up refunded to your card`;
    case 'topUp.disputed':
      return `${dollars(n.amountCents)} held back: your bank disputes a top-up`;
    case 'topUp.disputeWon':
      return `Dispute closed: ${dollars(n.amountCents)} is back in your balance`;
    case 'topUp.disputeLost':
      return `Dispute closed: your bank kept ${dollars(n.amountCents)}`;
    case 'watchlist.alert':
      return `${n.symbol} 7-day chance of a hit is ${formatChance(n.hitProbability)} (your alert: ${n.atLeastPercent}%)`;
  }
}

/** Where an entry leads: the prediction in History, its line on the Wallet's statement, or the wallet. */
export function notificationLink(n: Notification): { to: string; label: string } | null {
  switch (n.kind) {
    case 'prediction.hit':
    case 'prediction.missed':
      return { to: `/history?prediction=${encodeURIComponent(n.predictionId)}`, label: INBOX_TEXT.viewPrediction };
    case 'topUp.refunded':
    case 'topUp.disputed':
    case 'topUp.disputeWon':
    case 'topUp.disputeLost':
      return { to: `/wallet?line=${encodeURIComponent(n.transactionId)}`, label: INBOX_TEXT.viewLine };
    case 'allowance.renewed':
      return { to: '/wallet', label: INBOX_TEXT.viewWallet };
    case 'watchlist.alert':
      return null;
  }
}
