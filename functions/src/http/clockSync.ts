import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { SettableClock } from '../adapters/clockFromEnv';
import { pinnedDateSync } from '../services/timeMachine';

/** Emulator only: every request sees the date the time machine is set to (services/timeMachine.ts). */
export function syncClock(db: Firestore, clock: SettableClock): RequestHandler {
  const sync = pinnedDateSync(db, clock);
  return async (_req, _res, next) => {
    await sync();
    next();
  };
}
