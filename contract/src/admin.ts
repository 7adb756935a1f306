import { z } from 'zod';
import { documentId, IsoDate, IsoDateTime, TimeFrame } from './common';
import { ERROR_MESSAGES } from './errorMessages';
import { Wallet } from './wallet';
import { SupportReason } from './support';
import { ModelChoice, ModelId, Prediction, PredictionStatus, PredictionType } from './predictions';

/** The most users one page of `GET /api/admin/users` holds (the User filter asks for this many). */
export const ADMIN_USERS_MAX_PAGE = 100;

/** A model an admin can make the default: any user model but "recommended" itself. */
export const DefaultModelId = ModelChoice.exclude(['recommended']);
export const DefaultModels = z.record(TimeFrame, DefaultModelId);
export type DefaultModels = z.infer<typeof DefaultModels>;
/** `reason`: why, for the audit log (docs/product.md#audit-log); optional for settings, required for support actions. */
export const SetDefaultModelRequest = z.object({
  timeFrame: TimeFrame,
  modelId: DefaultModelId,
  reason: SupportReason.optional(),
});

/** `GET /api/admin/users`: a page of the user list, e-mail order, optionally only those whose e-mail or name match. */
export const AdminUsersQuery = z.object({
  /** Case-insensitive: a part of the e-mail or the name. */
  q: z.string().trim().max(100, 'search is limited to 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_PAGE).default(20),
  /** The id of the previous page's last user. */
  cursor: documentId('cursor must be the id of a user from the previous page').optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/**
 * The Admin tab's user list (docs/product.md#admin-tab): who, since when, their money and how many predictions they
 * made.
 */
export const AdminUserRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  createdAt: IsoDateTime.nullable(),
  isAdmin: z.boolean(),
  /** Null for a user whose wallet was never opened. */
  wallet: Wallet.pick({ balance: true, reservedBalance: true, chargedBalance: true, freePredictions: true }).nullable(),
  predictionCount: z.number().int().min(0),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersPage = z.object({ users: z.array(AdminUserRow), nextCursor: z.string().nullable() });
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

/** `GET /api/predictions/all`: a page of all users' predictions, newest first, and where the next page starts. */
export const AllPredictionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  /** The id of the previous page's last prediction. */
  cursor: documentId(ERROR_MESSAGES.predictionCursor, 200).optional(),
  /**
   * Filters (User, Status, Timeframe, Type, Model: docs/product.md#admin-tab), applied by the server so every page is
   * relevant.
   */
  userId: z.string().min(1).max(128).optional(),
  status: PredictionStatus.optional(),
  timeFrame: TimeFrame.optional(),
  predictionType: PredictionType.optional(),
  modelId: ModelId.optional(),
});
export type AllPredictionsQuery = z.infer<typeof AllPredictionsQuery>;
export const AllPredictionsPage = z.object({ predictions: z.array(Prediction), nextCursor: z.string().nullable() });
export type AllPredictionsPage = z.infer<typeof AllPredictionsPage>;

/** Emulator only: `POST /api/admin/clock` pins "today" (null: the real date again). */
export const SetClockRequest = z.object({ today: IsoDate.nullable(), reason: SupportReason.optional() });
export const ClockState = z.object({ today: IsoDate, pinned: z.boolean() });
export type ClockState = z.infer<typeof ClockState>;

/**
 * An alert of `GET /api/admin/alerts`, what an operator must look at: a signed Stripe event that could never be
 * applied (so it was acknowledged, and Stripe stopped retrying), with the event and why; or a discrepancy the
 * nightly audit of the books found (`eventType` 'books.discrepancy', `eventId` the maintenance run), with the wallet
 * and the ledger lines or Stripe objects concerned.
 */
export const AdminAlert = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  reason: z.string(),
  createdAt: IsoDateTime,
  walletId: z.string().nullable().default(null),
  transactionIds: z.array(z.string()).default([]),
});
export type AdminAlert = z.infer<typeof AdminAlert>;

/** The most alerts one page of `GET /api/admin/alerts` holds. */
export const ADMIN_ALERTS_MAX_PAGE = 100;
/** `GET /api/admin/alerts`: a page of the alerts, newest first, after the previous page's last one. */
export const AdminAlertsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_ALERTS_MAX_PAGE).default(20),
  /** The id of the previous page's last alert. */
  cursor: documentId(ERROR_MESSAGES.alertCursor).optional(),
});
export type AdminAlertsQuery = z.infer<typeof AdminAlertsQuery>;
export const AdminAlertsPage = z.object({ alerts: z.array(AdminAlert), nextCursor: z.string().nullable() });
export type AdminAlertsPage = z.infer<typeof AdminAlertsPage>;
