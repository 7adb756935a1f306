import { z } from 'zod';
import { Cents, documentId, IsoDate, IsoDateTime, TimeFrame } from './common';

/**
 * The in-app inbox (docs/product.md#inbox): what daily maintenance and Stripe's webhooks did to a user's predictions
 * and money, one entry per change, written in the same Firestore transaction as the change it reports. Stored at
 * `users/{uid}/notifications/{id}` with `createdAt` a Firestore Timestamp; the API answers it as ISO. The words the
 * user reads are the web app's, built from these fields (none is stored).
 */
export const NotificationKind = z.enum([
  /** A prediction resolved by daily maintenance: hit (its $1 charged) or missed (its $1 released). */
  'prediction.hit',
  'prediction.missed',
  /** The monthly free predictions refilled. */
  'allowance.renewed',
  /** Stripe refunded (part of) a top-up to the card: taken out of the balance. */
  'topUp.refunded',
  /** A bank opened a dispute (chargeback) of a top-up: the amount held back. */
  'topUp.disputed',
  /** The dispute was decided for us: the amount is back in the balance. */
  'topUp.disputeWon',
  /** The dispute was decided for the bank: the amount stays out. */
  'topUp.disputeLost',
  /** A watched stock's 7-day chance of a hit reached the user's alert (docs/product.md#watchlist). */
  'watchlist.alert',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/**
 * Notification ids are derived from what they report, so a retried maintenance shard or a replayed webhook finds its
 * entry and writes nothing twice: one per prediction resolved, per monthly renewal (named by the reset date it set),
 * per Stripe refund, per step of a dispute, per watchlist alert and day.
 */
export const notificationId = {
  resolved: (predictionId: string) => `resolved:${predictionId}`,
  renewed: (nextResetDate: string) => `renewed:${nextResetDate}`,
  refund: (refundId: string) => `refund:${refundId}`,
  dispute: (disputeId: string, stage: 'opened' | 'won' | 'lost') => `dispute:${disputeId}:${stage}`,
  watchAlert: (symbol: string, predictionDate: string) => `watch:${symbol}:${predictionDate}`,
};

const entry = {
  id: z.string(),
  createdAt: IsoDateTime,
  read: z.boolean(),
  /**
   * The daily maintenance run that wrote it (one Web Push summary per user and run reads them by it: a
   * collection-group query on `runId`); null when a webhook or the user's own request wrote it.
   */
  runId: z.string().nullable(),
  /** The money it moved, never signed: charged, released, refunded, held or returned; 0 when none (a free one). */
  amountCents: Cents.min(0),
};

/** A prediction resolved: it links to the prediction (History) and, when paid, to its settlement line (Wallet). */
export const PredictionResolvedNotification = z.object({
  ...entry,
  kind: z.enum(['prediction.hit', 'prediction.missed']),
  predictionId: z.string(),
  symbol: z.string(),
  timeFrame: TimeFrame,
  isFree: z.boolean(),
  /** The wallet's `settle:{predictionId}` line; null for a free prediction (no money, no line). */
  transactionId: z.string().nullable(),
});

export const AllowanceRenewedNotification = z.object({
  ...entry,
  kind: z.literal('allowance.renewed'),
  freePredictions: z.number().int().min(0),
  /** When the refilled allowance resets again. */
  resetDate: IsoDate,
});

/** Money Stripe took back from a top-up, or gave back: it links to its line on the Wallet's statement. */
export const TopUpNotification = z.object({
  ...entry,
  kind: z.enum(['topUp.refunded', 'topUp.disputed', 'topUp.disputeWon', 'topUp.disputeLost']),
  paymentIntentId: z.string(),
  transactionId: z.string(),
});

export const WatchAlertNotification = z.object({
  ...entry,
  kind: z.literal('watchlist.alert'),
  symbol: z.string(),
  /** The date of the last close the chance was computed from. */
  predictionDate: IsoDate,
  hitProbability: z.number().min(0).max(1),
  atLeastPercent: z.number().int().min(1).max(99),
});

export const Notification = z.discriminatedUnion('kind', [
  PredictionResolvedNotification,
  AllowanceRenewedNotification,
  TopUpNotification,
  WatchAlertNotification,
]);
export type Notification = z.infer<typeof Notification>;

/** Entries per page of `GET /api/notifications`, at most. */
export const NOTIFICATIONS_MAX_PAGE = 50;

/** `GET /api/notifications`: newest first, a page at a time. */
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE).default(20),
  /** The id of the previous page's last notification. */
  cursor: documentId('cursor must be the id of a notification from the previous page', 200).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsPage = z.object({
  notifications: z.array(Notification),
  /** All of the caller's unread notifications, not only this page's. */
  unreadCount: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** Ids per `POST /api/notifications/read`, at most: a page and then some. */
export const MARK_READ_MAX_IDS = 100;

/**
 * `POST /api/notifications/read`: some by id (ids not the caller's, or unknown, change nothing), or all of them.
 * Answers the unread count after.
 */
export const MarkNotificationsRead = z
  .strictObject({
    ids: z
      .array(documentId('ids must be notification ids', 200))
      .min(1, 'ids must name at least one notification')
      .max(MARK_READ_MAX_IDS, `ids may name at most ${MARK_READ_MAX_IDS} notifications`)
      .optional(),
    all: z.literal(true, 'all must be true').optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), 'send either ids or all: true');
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;
