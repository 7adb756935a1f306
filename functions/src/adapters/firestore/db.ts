import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getAuth, type Auth } from 'firebase-admin/auth';

/**
 * The Admin SDK, initialised once per process. Against the emulators it needs no credentials: the SDK reads
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST. The project id comes from the environment the
 * Functions runtime (or the stack script) sets, with the local demo project as the fallback. (The service account
 * Cloud Tasks calls the maintenance shards as is the task queue's own app: adapters/tasks/shardQueue.ts.)
 */
function app() {
  const existing = getApps()[0];
  if (existing) return existing;
  const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-stockseer';
  return initializeApp({ projectId });
}

/** One call's deadline: ample for any healthy call of ours, far below the 60 s Hosting gives a request. */
const CALL_DEADLINE_MS = 10_000;
/** A call that gax itself does not retry; what retries it is said below. */
const once = { timeout_millis: CALL_DEADLINE_MS, retry_codes_name: 'none' };

/**
 * The Admin SDK's Firestore settings. Out of the box its client rides out an outage far longer than a request
 * may wait: a transaction's commit is retried on UNAVAILABLE for up to 10 minutes and the transaction re-run on
 * top, and a read is retried by two layers (gax's streaming retries and Firestore's own five attempts) for about
 * 40 s. Through gax's documented `clientConfig` override, each call here gets a 10 s deadline and a single retry
 * layer: reads Firestore's five attempts (about 8 s when the database refuses connections), commits the re-run of
 * their transaction (see runTransaction.ts). An outage thus surfaces as UNAVAILABLE or DEADLINE_EXCEEDED within about
 * 10 s (connections refused) to a minute (packets lost), and becomes a 503. Left as they are: a transaction's
 * rollback, which runs in the background and keeps trying so that it frees the documents its transaction locked
 * once the database is back, and writes outside transactions, whose retries the library sets per call.
 */
export const FIRESTORE_SETTINGS = {
  ignoreUndefinedProperties: true,
  // gRPC waits up to 2 minutes between reconnections to a server it lost; back within seconds is what we need.
  'grpc.max_reconnect_backoff_ms': 5_000,
  gaxServerStreamingRetries: true,
  clientConfig: {
    interfaces: {
      'google.firestore.v1.Firestore': {
        retry_codes: { none: [] },
        methods: {
          Commit: once,
          BeginTransaction: once,
          BatchGetDocuments: once,
          RunQuery: once,
          RunAggregationQuery: once,
        },
      },
    },
  },
};

let firestore: Firestore | undefined;

export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(app());
    firestore.settings(FIRESTORE_SETTINGS);
  }
  return firestore;
}

export function auth(): Auth {
  return getAuth(app());
}

/** Collection names, written once. */
export const COLLECTIONS = {
  users: 'users',
  wallets: 'wallets',
  transactions: 'transactions',
  predictions: 'predictions',
  settings: 'settings',
  idempotencyKeys: 'idempotencyKeys',
  backtests: 'backtests',
  /** The latest back-test's outcome sums of each stock, model and time frame: the public track record's back-test. */
  backtestTrackRecords: 'backtestTrackRecords',
  forecastsOfTheDay: 'forecastsOfTheDay',
  marketBars: 'marketBars',
  marketQuotes: 'marketQuotes',
  marketSearch: 'marketSearch',
  rateLimits: 'rateLimits',
  adminAlerts: 'adminAlerts',
  /** Each wallet's audited checkpoint, written by the nightly books audit only (bookCheckpoints.ts). */
  bookCheckpoints: 'bookCheckpoints',
  /** A user's starred stocks, one document per user (watchlist.ts). */
  watchlists: 'watchlists',
  /** Each stock starred by anyone, with how many users star it: what daily maintenance prepares (watchlist.ts). */
  watchedStocks: 'watchedStocks',
  /** Watchlist alerts that fired, one per user, stock and day (watchlist.ts). */
  watchAlerts: 'watchAlerts',
  /** A user's inbox: `users/{uid}/notifications/{id}` (notifications.ts). */
  notifications: 'notifications',
  /** The devices a user turned Web Push on for: `users/{uid}/pushSubscriptions/{id}` (pushDevices.ts). */
  pushSubscriptions: 'pushSubscriptions',
  /** A run's Web Push summary to a user, at most once: `users/{uid}/pushedSummaries/{runId}` (pushedSummaries.ts). */
  pushedSummaries: 'pushedSummaries',
  /** The overview's figures per day and month, in shards (businessFigures.ts). */
  businessFigures: 'businessFigures',
  /** One marker per user and day or month they were active, named by a hash (businessFigures.ts). */
  activeUsers: 'activeUsers',
  /** Every admin action, append-only (auditLog.ts; docs/product.md#audit-log). */
  auditLog: 'auditLog',
  /** One per account being closed or closed, by user id, without personal data (accountClosures.ts). */
  accountClosures: 'accountClosures',
  /** Every top-up PaymentIntent created, by its id, with its user: what a closure cancels (topUpIntents.ts). */
  topUpIntents: 'topUpIntents',
} as const;
