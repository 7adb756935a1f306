import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate } from '@stockseer/contract';
import { COLLECTIONS } from './db';

const CLOCK_DOC = 'clock';
const StoredClock = z.object({ today: IsoDate.nullable() });

/** Emulator only: the pinned date, shared by every worker process through Firestore. */
export async function storeClock(db: Firestore, today: string | null): Promise<void> {
  await db.collection(COLLECTIONS.settings).doc(CLOCK_DOC).set({ today });
}

/** The pinned date as stored; undefined when none was ever stored (or it cannot be read as one). */
export async function storedClock(db: Firestore): Promise<string | null | undefined> {
  const stored = StoredClock.safeParse((await db.collection(COLLECTIONS.settings).doc(CLOCK_DOC).get()).data());
  return stored.success ? stored.data.today : undefined;
}
