import { z } from 'zod';
import { Cents, documentId, IsoDate, IsoDateTime } from './common';
import { UserProfile } from './users';
import { centsToDollars, Wallet } from './wallet';
import { PaymentIntentId, TransactionLine, WalletFigures } from './walletApi';

/**
 * Support (docs/product.md#support-actions): an admin's view of one customer, the actions an admin can take on their
 * money and sessions, and the audit log that records every admin action.
 */

/**
 * A user's id in a support route's path (`/api/admin/users/:uid/...`): Firebase Auth's uids are at most 128 visible
 * ASCII characters (generated ones are 28 letters and digits).
 */
export const UserIdParam = documentId('the user id in the path is not a valid id').regex(
  /^[\x21-\x7e]+$/,
  'the user id in the path is not a valid id',
);

/** A courtesy credit's bounds, in cents: a cent to $100. More is not a courtesy; it is a refund or a bug. */
export const COURTESY_CREDIT_CENTS = { min: 1, max: 10_000 } as const;

/** Why an admin acted: required on every support action, shown in Activity. */
export const SupportReason = z
  .string()
  .trim()
  .min(1, 'reason is required: say why you are doing this')
  .max(500, 'reason is limited to 500 characters');

/** `POST /api/admin/users/:uid/credits` (with an Idempotency-Key). */
export const CourtesyCreditRequest = z.object({
  amountCents: Cents.min(
    COURTESY_CREDIT_CENTS.min,
    `amountCents must be at least ${COURTESY_CREDIT_CENTS.min} (a cent)`,
  ).max(COURTESY_CREDIT_CENTS.max, `amountCents must be at most ${COURTESY_CREDIT_CENTS.max} ($100.00)`),
  reason: SupportReason,
});
export type CourtesyCreditRequest = z.infer<typeof CourtesyCreditRequest>;

/** `credited` is false for a replay of the same request: nothing moved again. */
export const CourtesyCreditResponse = z.object({ wallet: Wallet, transactionId: z.string(), credited: z.boolean() });
export type CourtesyCreditResponse = z.infer<typeof CourtesyCreditResponse>;

/** `POST /api/admin/users/:uid/refunds` (with an Idempotency-Key): a refund of a top-up, or part of one. */
export const AdminRefundRequest = z.object({
  paymentIntentId: PaymentIntentId,
  amountCents: Cents.min(1, 'amountCents must be at least 1'),
  reason: SupportReason,
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequest>;

/** The refund as Stripe made it; `wallet` after the refund was applied to the ledger. */
export const AdminRefundResponse = z.object({
  refundId: z.string(),
  paymentIntentId: z.string(),
  amountCents: Cents,
  wallet: Wallet,
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponse>;

/** `POST /api/admin/users/:uid/sign-out` (with an Idempotency-Key): every session ends; `disable` also bars sign-in. */
export const SignOutEverywhereRequest = z.object({ disable: z.boolean().default(false), reason: SupportReason });
export type SignOutEverywhereRequest = z.input<typeof SignOutEverywhereRequest>;

/** What Firebase Auth knows of an account's sessions. */
export const CustomerSessions = z.object({
  lastSignInAt: IsoDateTime.nullable(),
  lastActiveAt: IsoDateTime.nullable(),
  /** ID tokens issued before this instant are refused by the routes that move money (revoked). */
  tokensValidAfter: IsoDateTime.nullable(),
  disabled: z.boolean(),
});
export type CustomerSessions = z.infer<typeof CustomerSessions>;

/** One top-up as the ledger has it, with what Stripe took back from it (refunds, disputes). */
export const CustomerPayment = z.object({
  paymentIntentId: z.string(),
  amountCents: Cents,
  date: IsoDateTime,
  refundedCents: Cents,
  /** Held or lost in disputes (a won dispute gave it back). */
  disputedCents: Cents,
  /** What a refund can still take back: the top-up less refunds and open or lost disputes. */
  refundableCents: Cents,
  takenBack: z.array(TransactionLine.pick({ id: true, type: true, amount: true, date: true, description: true })),
});
export type CustomerPayment = z.infer<typeof CustomerPayment>;

/** The wallet's figures, what it owes (Available below zero) and what admin refunds in progress hold, in cents. */
export const CustomerFigures = WalletFigures.extend({
  owed: Cents.min(0),
  heldForRefunds: Cents.min(0),
  freePredictions: z.number().int(),
});
export type CustomerFigures = z.infer<typeof CustomerFigures>;

/** `GET /api/admin/users/:uid`: the customer view (docs/product.md#customer-view). */
export const CustomerView = z.object({
  /** From the user document, else from Auth (a user who never opened the app has no document). */
  profile: UserProfile.pick({ id: true, displayName: true, email: true, isAdmin: true }).extend({
    createdAt: IsoDateTime.nullable(),
  }),
  /** Null before the wallet is opened. */
  figures: CustomerFigures.nullable(),
  sessions: CustomerSessions,
  payments: z.array(CustomerPayment),
});
export type CustomerView = z.infer<typeof CustomerView>;

/** A page of a list of the customer view, newest first; `cursor` is the previous page's last id. */
export const CustomerPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: documentId('cursor must be an id from the previous page', 300).optional(),
});
export type CustomerPageQuery = z.infer<typeof CustomerPageQuery>;

/** `GET /api/admin/users/:uid/statement`: the statement, a page at a time, each line with the figures after it. */
export const CustomerStatementPage = z.object({ lines: z.array(TransactionLine), nextCursor: z.string().nullable() });
export type CustomerStatementPage = z.infer<typeof CustomerStatementPage>;

/** What an admin did (docs/product.md#audit-log). */
export const AuditAction = z.enum([
  'courtesy_credit',
  'refund',
  'sign_out',
  'default_model',
  'time_machine',
  'maintenance',
  'grant_admin',
  /** Not an admin's: a top-up paid after its account was closed, refunded to its card by the webhook. */
  'paid_after_closure',
]);
export type AuditAction = z.infer<typeof AuditAction>;

/** One entry of the audit log: who, when, what (action, target, amount, details) and why. Never edited. */
export const AuditEntry = z.object({
  id: z.string(),
  action: AuditAction,
  /** The admin; a command-line tool has no signed-in admin, and names itself in `actorEmail`. */
  actorUid: z.string().nullable(),
  actorEmail: z.string().nullable(),
  at: IsoDateTime,
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  amountCents: Cents.nullable(),
  /** What else says what happened: a PaymentIntent, a model, a date, a disable. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/admin/audit-log`: newest first, filtered by any of action, admin, target user and date range. */
export const AuditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: documentId('cursor must be the id of an entry from the previous page').optional(),
  action: AuditAction.optional(),
  actorUid: z.string().min(1).max(128).optional(),
  targetUserId: z.string().min(1).max(128).optional(),
  /** UTC dates, both included. */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
export const AuditLogPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** The support actions' refusals (409), written once for the server and the tests. */
export const SUPPORT_MESSAGES = {
  /** A credit or refund would hide (or deepen) what the wallet owes. */
  walletOwes: (owedCents: number) =>
    `This wallet owes $${centsToDollars(owedCents)}: it must be repaid by a top-up first, so no credit or refund can hide the debt`,
  refundExceedsRefundable: (leftCents: number) => `Only $${centsToDollars(leftCents)} of this top-up is left to refund`,
  refundExceedsAvailable: (availableCents: number) =>
    `The wallet has only $${centsToDollars(availableCents)} available: a refund cannot take money that is reserved or spent`,
  notThisUsersTopUp: 'This payment is not a top-up of this user',
  keyReused: 'This Idempotency-Key was already used for a different request',
  keyRequired: 'Idempotency-Key header is required for this action',
  unknownUser: 'No such user',
  /** A closing account's unspent courtesy credit is forfeited once: a credit after that would be stranded. */
  accountClosing: 'This account is being closed: it gets no courtesy credit',
  /** The closure refunds a closing account's money to its cards: no admin refund races it. */
  accountClosingRefund: 'This account is being closed: the closure refunds its money to its cards',
  /** A replay of a refund request that Stripe refused: its hold went back to Available, and nothing was refunded. */
  refundReleased:
    'This refund was not made (Stripe refused it) and its hold went back to Available: send a new request to try again',
  /** The ceilings of courtesy credits (docs/product.md#courtesy-credits): per credit, and per customer per 30 days. */
  creditAboveCap: (capCents: number) => `A courtesy credit is at most $${centsToDollars(capCents)}`,
  creditsAboveWindowCap: (capCents: number, leftCents: number) =>
    `Courtesy credits to one customer are at most $${centsToDollars(capCents)} per 30 days: $${centsToDollars(leftCents)} is left now`,
} as const;
