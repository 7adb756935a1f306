import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { config } from './config';

/** Firebase is used for identity only: the browser never talks to Firestore (docs/architecture.md#platform). */
export const firebaseApp = initializeApp(config.firebase);

/**
 * `getAuth` would also load Google's gapi script and the popup machinery on every page view; the popup resolver
 * is passed only where the popup opens (googlePopup.ts), which keeps the landing page light.
 */
export const firebaseAuth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (config.authEmulatorUrl) connectAuthEmulator(firebaseAuth, config.authEmulatorUrl, { disableWarnings: true });
