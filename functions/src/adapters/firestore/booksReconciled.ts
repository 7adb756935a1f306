import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { afterReconcile, type ReconciledUpTo } from '../../domain/maintenance/books';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * Where the nightly reconciliation of the books has got to (`settings/booksReconciled`): the end of the last period
 * it finished, on Stripe's clock and the ledger's, and the refunds it found pending. Only a reconcile shard that
 * finished its period moves it, so a failed one's period is done again by the next run.
 */
const ref = (db: Firestore) => db.collection(COLLECTIONS.settings).doc('booksReconciled');

const storedOf = (snap: DocumentSnapshot) => (snap.exists ? (snap.data() as ReconciledUpTo) : undefined);

export async function reconciledUpTo(db: Firestore): Promise<ReconciledUpTo | undefined> {
  return storedOf(await ref(db).get());
}

/** Records a finished period (domain/maintenance/books.ts `afterReconcile`), in a transaction: runs may overlap. */
export async function recordReconciled(db: Firestore, finished: Parameters<typeof afterReconcile>[1]): Promise<void> {
  await runTransaction(db, async (tx) => {
    const snap = await tx.get(ref(db));
    tx.set(ref(db), afterReconcile(storedOf(snap), finished));
  });
}
