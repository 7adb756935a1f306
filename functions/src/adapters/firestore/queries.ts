import { CollectionReference, FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { COLLECTIONS } from './db';

/**
 * Every Firestore query the functions make, declared here and built from these declarations (issue 8, item 9).
 * The emulator serves any query; production refuses one that needs a composite index it lacks. queries.test.ts
 * checks each shape below against firestore.indexes.json, so a query cannot ship without its index, and an index
 * cannot outlive its query. Code elsewhere calls `buildQuery` and adds only `limit` and `startAfter` (which need no
 * index); ESLint forbids `.where()` and `.orderBy()` outside this file.
 */

/** The operators these queries use; queries.test.ts knows Firestore's index rules for each. */
export type FilterOp = '==' | 'in' | '<' | '<=' | '>' | '>=';

export interface Filter {
  field: string;
  op: FilterOp;
  /** Applied only when the caller gives a value: every combination must be served. */
  optional?: boolean;
}

export interface Order {
  field: string;
  direction: 'asc' | 'desc';
}

export interface QueryShape {
  /** The collection's id: a top-level one, or a subcollection (then `buildQuery` gets its reference). */
  collection: string;
  /** Over every collection of this id, whoever's (a collection-group query; `buildQuery` gets the database). */
  collectionGroup?: boolean;
  where: readonly Filter[];
  orderBy?: readonly Order[];
}

/** The document id, as Firestore names it in queries and indexes. */
export const DOCUMENT_ID = '__name__';

const eq = (field: string, optional = false): Filter => ({ field, op: '==', ...(optional ? { optional } : {}) });
const range = (field: string, op: Exclude<FilterOp, '=='>): Filter => ({ field, op });
const asc = (field: string): Order => ({ field, direction: 'asc' });
const desc = (field: string): Order => ({ field, direction: 'desc' });

export const QUERIES = {
  /** A wallet's Payment History, newest first. */
  walletHistory: { collection: COLLECTIONS.transactions, where: [eq('walletId')], orderBy: [desc('date')] },
  /** The Admin tab's alerts, newest first. */
  adminAlerts: { collection: COLLECTIONS.adminAlerts, where: [], orderBy: [desc('createdAt')] },
  /** A wallet's whole ledger, for the invariant check. */
  walletLedger: { collection: COLLECTIONS.transactions, where: [eq('walletId')] },
  /** The whole histories of up to 30 wallets at once (Firestore's limit for `in`): the nightly audit's read. */
  walletsLedgers: { collection: COLLECTIONS.transactions, where: [{ field: 'walletId', op: 'in' }] },
  /** A wallet's lines committed after an instant (`committedAt`): what the nightly audit reads on from a checkpoint. */
  walletLinesAfter: { collection: COLLECTIONS.transactions, where: [eq('walletId'), range('committedAt', '>')] },
  /** Every wallet, page by page: the one-time migration of the original app's wallets (walletWriter.ts). */
  allWallets: { collection: COLLECTIONS.wallets, where: [], orderBy: [asc(DOCUMENT_ID)] },
  /** Every closure record: the openings of the wallets closures deleted, for the overview's recount. */
  allAccountClosures: { collection: COLLECTIONS.accountClosures, where: [], orderBy: [asc(DOCUMENT_ID)] },
  /** Ledger lines of one type stamped in [from, to) (`createdAt`, ISO): the ledger's side of the reconciliation. */
  linesOfTypeBetween: {
    collection: COLLECTIONS.transactions,
    where: [eq('type'), range('createdAt', '>='), range('createdAt', '<')],
  },
  /** Wallets written since an instant (`updatedAt`, ISO): the ones the nightly audit checks. */
  walletsMovedSince: { collection: COLLECTIONS.wallets, where: [range('updatedAt', '>=')] },
  /** The top-up PaymentIntents created for a user: those a closure cancels. */
  topUpIntentsOf: { collection: COLLECTIONS.topUpIntents, where: [eq('userId')] },

  /** A user's own predictions (History tab). */
  userFuturePredictions: { collection: COLLECTIONS.predictions, where: [eq('userId'), eq('predictionType')] },
  /** The same, of one stock, concrete model and timeframe (the New panel, whichever choice named the model). */
  userFuturePredictionsOf: {
    collection: COLLECTIONS.predictions,
    where: [eq('userId'), eq('predictionType'), eq('symbol'), eq('modelId'), eq('timeFrame')],
  },
  /**
   * The admin's All User Predictions, filtered by any of its filters, newest first: by creation instant, then, for
   * the records of one back-test run (made at one instant), the newest market date first; the document id breaks
   * what ties remain, so pages never skip or repeat one. One index per filter field; Firestore merges them for
   * several filters.
   */
  allPredictions: {
    collection: COLLECTIONS.predictions,
    where: [
      eq('userId', true),
      eq('status', true),
      eq('timeFrame', true),
      eq('predictionType', true),
      eq('modelId', true),
    ],
    orderBy: [desc('createdAt'), desc('predictionDate'), desc(DOCUMENT_ID)],
  },
  /**
   * The audit log, newest first, filtered by any of action, admin and target user, within a range of instants (always
   * given: the whole log is from '' to the end of time). One index per filter field; Firestore merges them.
   */
  auditLog: {
    collection: COLLECTIONS.auditLog,
    where: [eq('action', true), eq('actorUid', true), eq('targetUserId', true), range('at', '>='), range('at', '<')],
    orderBy: [desc('at'), desc(DOCUMENT_ID)],
  },
  /** A user's watchlist alerts, erased when the account is closed. */
  userWatchAlerts: { collection: COLLECTIONS.watchAlerts, where: [eq('userId')] },
  /** The admin's user list. */
  usersByEmail: { collection: COLLECTIONS.users, where: [], orderBy: [asc('email')] },

  // Daily maintenance pages through these: the document id after the range field makes page boundaries exact.
  /** Active future predictions whose target date has a final close. */
  duePredictions: {
    collection: COLLECTIONS.predictions,
    where: [eq('predictionType'), eq('status'), range('targetDate', '<=')],
    orderBy: [asc('targetDate'), asc(DOCUMENT_ID)],
  },
  /** Resolved predictions of one type and status, for the live track record (issue 12). */
  resolvedPredictions: {
    collection: COLLECTIONS.predictions,
    where: [eq('predictionType'), eq('status')],
    orderBy: [asc(DOCUMENT_ID)],
  },
  /** Wallets whose monthly allowance is due for renewal. */
  walletsDueForRenewal: {
    collection: COLLECTIONS.wallets,
    where: [range('resetDate', '<=')],
    orderBy: [asc('resetDate'), asc(DOCUMENT_ID)],
  },
  /** Back-test records older than their one-day reuse window. */
  staleBacktestRecords: {
    collection: COLLECTIONS.predictions,
    where: [eq('predictionType'), range('computedOn', '<')],
    orderBy: [asc('computedOn'), asc(DOCUMENT_ID)],
  },
  /** The latest daily maintenance runs (issue 13), for the Admin tab. */
  latestMaintenanceRuns: { collection: 'maintenanceRuns', where: [], orderBy: [desc('startedAt')] },
  /** Back-test runs older than their one-day reuse window. */
  staleBacktestRuns: { collection: COLLECTIONS.backtests, where: [range('computedOn', '<')] },
  /** Forecasts from before a close: the cost preview and generate only reuse those of the last final close. */
  staleForecastsOfTheDay: { collection: COLLECTIONS.forecastsOfTheDay, where: [range('predictionDate', '<')] },
  /** The overview's figure shards of a range of periods, by id (`day:2026-11-26:3`): no index needed. */
  businessFiguresRange: {
    collection: COLLECTIONS.businessFigures,
    where: [range(DOCUMENT_ID, '>='), range(DOCUMENT_ID, '<')],
  },
  // The overview's recount pages through these.
  /** Every ledger line. */
  allLedgerLines: { collection: COLLECTIONS.transactions, where: [], orderBy: [asc(DOCUMENT_ID)] },
  /** Every activity marker. */
  allActiveUserMarkers: { collection: COLLECTIONS.activeUsers, where: [], orderBy: [asc(DOCUMENT_ID)] },
  /** Idempotency keys recorded before a date: past any retry of their generate. */
  staleIdempotencyKeys: { collection: COLLECTIONS.idempotencyKeys, where: [range('recordedOn', '<')] },

  /** A user's inbox, newest first (on the user's `notifications` subcollection). */
  userNotifications: {
    collection: COLLECTIONS.notifications,
    where: [],
    orderBy: [desc('createdAt'), desc(DOCUMENT_ID)],
  },
  /** A user's unread entries (`read` == false): counted for the bell, and marked read all at once. */
  unreadNotifications: { collection: COLLECTIONS.notifications, where: [eq('read')] },
  /** One user's entries written by one maintenance run: what the run's Web Push summary to them sums up. */
  userNotificationsOfRun: { collection: COLLECTIONS.notifications, where: [eq('runId')] },
  /** Every user's entries written by one maintenance run, page by page: the run's Web Push summaries. */
  notificationsOfRun: {
    collection: COLLECTIONS.notifications,
    collectionGroup: true,
    where: [eq('runId')],
    orderBy: [asc(DOCUMENT_ID)],
  },
} as const satisfies Record<string, QueryShape>;

/** One value per filter of the shape, in its order; `undefined` leaves out an optional filter. */
export type FilterValues<S extends QueryShape> = { [K in keyof S['where']]: unknown };

const fieldPath = (field: string) => (field === DOCUMENT_ID ? FieldPath.documentId() : field);

/** The query `shape` declares, on `db` (a top-level collection) or on `collection` (a subcollection). */
export function buildQuery<S extends QueryShape>(
  from: Firestore | CollectionReference,
  shape: S,
  values: FilterValues<S>,
): Query {
  const given = values as readonly unknown[];
  if (given.length !== shape.where.length) {
    throw new Error(`${shape.collection} query: ${shape.where.length} filter values expected, got ${given.length}`);
  }
  if (from instanceof CollectionReference && (from.id !== shape.collection || shape.collectionGroup)) {
    throw new Error(`A ${shape.collection} query was run on ${from.path}`);
  }
  let query: Query =
    from instanceof CollectionReference
      ? from
      : shape.collectionGroup
        ? from.collectionGroup(shape.collection)
        : from.collection(shape.collection);
  shape.where.forEach((filter, i) => {
    const value = given[i];
    if (value === undefined && filter.optional) return;
    if (value === undefined) throw new Error(`${shape.collection} query: no value for ${filter.field} ${filter.op}`);
    query = query.where(fieldPath(filter.field), filter.op, value);
  });
  for (const order of shape.orderBy ?? []) query = query.orderBy(fieldPath(order.field), order.direction);
  return query;
}
