import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getAuth, type Auth } from 'firebase-admin/auth';

/**
 * The Admin SDK, initialised once per process. Against the emulators it needs no credentials: the SDK reads
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST. The project id comes from the environment the
 * Functions runtime (or the stack script) sets, with the local demo project as the fallback.
 */
function app() {
  const existing = getApps()[0];
  if (existing) return existing;
  const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-stockseer';
  return initializeApp({ projectId });
}

let firestore: Firestore | undefined;

export function db(): Firestore {
  if (!firestore) {
    firestore = getFirestore(app());
    firestore.settings({ ignoreUndefinedProperties: true });
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
  idempotency: 'idempotencyKeys',
  marketBars: 'marketBars',
  marketQuotes: 'marketQuotes',
  marketSearch: 'marketSearch',
  rateLimits: 'rateLimits',
} as const;
