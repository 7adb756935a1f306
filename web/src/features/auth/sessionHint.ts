/**
 * What this browser last knew of its session, kept beside Firebase's own persistence so that the first render need
 * not wait for the Auth SDK. A visitor this browser knows as signed out sees the landing page at once and loads the
 * SDK only when they reach for "Sign in"; a returning user loads it at once and sees 'Loading authentication...'
 * until Firebase answers. Firebase stays the authority: whatever it reports overwrites the hint.
 */
const HINT_KEY = 'stockseer.session';
/** Where Firebase Auth keeps a signed-in user (its indexedDBLocalPersistence). */
const FIREBASE_AUTH_DATABASE = 'firebaseLocalStorageDb';

export type SessionHint = 'signedIn' | 'signedOut';

export function readSessionHint(): SessionHint | null {
  try {
    const value = localStorage.getItem(HINT_KEY);
    return value === 'signedIn' || value === 'signedOut' ? value : null;
  } catch {
    return null; // Storage blocked: treat as unknown.
  }
}

export function writeSessionHint(hint: SessionHint): void {
  try {
    localStorage.setItem(HINT_KEY, hint);
  } catch {
    // Storage blocked: the next visit simply waits for Firebase.
  }
}

/** Another tab signed in or out: the key changed under us. */
export const isSessionHintEvent = (event: StorageEvent) => event.key === HINT_KEY;

/**
 * No hint (a first visit, or a session from before hints existed): a session can only exist where Firebase has
 * created its database. Where the browser cannot list databases, assume there may be one.
 */
export async function mayHaveFirebaseSession(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === FIREBASE_AUTH_DATABASE);
  } catch {
    return true;
  }
}
