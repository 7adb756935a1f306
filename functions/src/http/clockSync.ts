import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate } from '@stockseer/contract';
import type { SettableClock } from '../adapters/clockFromEnv';
import { COLLECTIONS } from '../adapters/firestore/db';

const CLOCK_DOC = 'clock';
const StoredClock = z.object({ today: IsoDate.nullable() });

/** Emulator only: the pinned date, shared by every worker process through Firestore. */
export async function storeClock(db: Firestore, today: string | null): Promise<void> {
  await db.collection(COLLECTIONS.settings).doc(CLOCK_DOC).set({ today });
}

/**
 * Emulator only: before each request, take the pinned date from Firestore (or the start date when none was set).
 * The Functions emulator runs one request at a time per process, so a per-process clock is safe to set here.
 */
export function syncClock(db: Firestore, clock: SettableClock): RequestHandler {
  return async (_req, _res, next) => {
    const stored = StoredClock.safeParse((await db.collection(COLLECTIONS.settings).doc(CLOCK_DOC).get()).data());
    clock.pin(stored.success ? stored.data.today : clock.startDate);
    next();
  };
}
