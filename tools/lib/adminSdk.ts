import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

/**
 * The Admin SDK for scripts. With GOOGLE_APPLICATION_CREDENTIALS (and FIREBASE_PROJECT_ID) it talks to the real
 * project; otherwise to the local emulators.
 */
export function adminSdk() {
  const production = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS);
  if (!production) {
    process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  }
  process.env.METADATA_SERVER_DETECTION = 'none';
  const projectId = production ? process.env.FIREBASE_PROJECT_ID : (process.env.GCLOUD_PROJECT ?? 'demo-stockseer');
  if (!projectId) throw new Error('Set FIREBASE_PROJECT_ID to the real project id');
  const app = initializeApp({ projectId });
  return { auth: getAuth(app), db: getFirestore(app), production, projectId };
}
