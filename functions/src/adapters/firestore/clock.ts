import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { recordAudit, type StoredAuditEntry } from './auditLog';

const CLOCK_DOC = 'clock';
const StoredClock = z.object({ today: IsoDate.nullable() });

/** Emulator only: the pinned date, shared by every worker process through Firestore; an admin's with its audit entry. */
export async function storeClock(db: Firestore, today: string | null, audit?: StoredAuditEntry): Promise<void> {
  const batch = db.batch();
  batch.set(db.collection(COLLECTIONS.settings).doc(CLOCK_DOC), { today });
  if (audit) recordAudit(batch, db, audit);
  await batch.commit();
}

/** The pinned date as stored; undefined when none was ever stored (or it cannot be read as one). */
export async function storedClock(db: Firestore): Promise<string | null | undefined> {
  const stored = StoredClock.safeParse((await db.collection(COLLECTIONS.settings).doc(CLOCK_DOC).get()).data());
  return stored.success ? stored.data.today : undefined;
}
