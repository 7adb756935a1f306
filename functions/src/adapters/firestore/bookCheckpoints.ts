import { FieldValue, type DocumentData, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import type { BooksCheckpoint } from '../../domain/maintenance/books';
import { COLLECTIONS } from './db';

/**
 * Each wallet's audited checkpoint (`bookCheckpoints/{walletId}`): its history folded up to the last line the books
 * audit checked. Written by the audit only, never by the money paths; when it was written (`writtenAt`, Firestore's
 * clock, stamped on every write: a write of the same figures leaves a document's own update time as it was) tells
 * the full audit which lines behind it were written since.
 */
export interface StoredCheckpoint {
  checkpoint: BooksCheckpoint;
  writtenMs: number;
}

const storedOf = ({ writtenAt, ...checkpoint }: DocumentData): StoredCheckpoint => ({
  checkpoint: checkpoint as BooksCheckpoint,
  writtenMs: (writtenAt as Timestamp).toMillis(),
});

const ref = (db: Firestore, walletId: string) => db.collection(COLLECTIONS.bookCheckpoints).doc(walletId);

export async function readCheckpoints(
  db: Firestore,
  walletIds: readonly string[],
): Promise<Map<string, StoredCheckpoint>> {
  if (walletIds.length === 0) return new Map();
  const snaps = await db.getAll(...walletIds.map((id) => ref(db, id)));
  return new Map(snaps.flatMap((snap) => (snap.exists ? [[snap.id, storedOf(snap.data()!)]] : [])));
}

/** Batch writes: up to 500 each, Firestore's limit. */
const BATCH = 500;

export async function writeCheckpoints(db: Firestore, checkpoints: readonly BooksCheckpoint[]): Promise<void> {
  for (let i = 0; i < checkpoints.length; i += BATCH) {
    const batch = db.batch();
    for (const c of checkpoints.slice(i, i + BATCH))
      batch.set(ref(db, c.fold.walletId), { ...c, writtenAt: FieldValue.serverTimestamp() });
    await batch.commit();
  }
}
