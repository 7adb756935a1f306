import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { Clock } from '../domain/clock';

/** What the HTTP layer needs from the outside world; tests build it against the emulators. */
export interface AppDeps {
  db: Firestore;
  auth: Auth;
  clock: Clock;
}
