/**
 * Closing an account (docs/product.md#closing-an-account), its Firestore side outside the wallet: the closure record
 * `accountClosures/{uid}` (its state and counts; no personal data), the cancelled predictions, and the
 * erasure of the owner's personal data once the wallet is gone. The wallet itself is the wallet writer's.
 */
import { FieldValue, type Firestore, type Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDateTime, PredictionStatus, type Wallet } from '@stockseer/contract';
import { chunk } from '../../domain/maintenance/runs';
import { COLLECTIONS } from './db';
import { predictionRef } from './predictions';
import { buildQuery, QUERIES } from './queries';
import { runTransaction } from './runTransaction';
import { unstarStock, watchlistEntries } from './watchlist';

/**
 * `closing`: the wallet is marked and its money on its way back; `erasing`: the wallet is deleted, personal data is
 * being erased; `closed`: done. Kept for good, keyed by the user id: it is how a late Stripe event of the account is
 * recognised, and what stops anything re-opening it.
 */
export const ClosureRecord = z.object({
  userId: z.string(),
  state: z.enum(['closing', 'erasing', 'closed']),
  startedAt: IsoDateTime,
  closedAt: IsoDateTime.optional(),
  /**
   * When the deleted wallet was opened: the overview counts a new user then, and the recount finds the opening here
   * once the wallet, the profile and the Auth account are gone (a date, no personal data). Set with `erasing`.
   */
  walletOpenedAt: IsoDateTime.optional(),
  cancelledPredictions: z.number().int().min(0).default(0),
});
export type ClosureRecord = z.infer<typeof ClosureRecord> & {
  /** When the database wrote the record first (its own clock, as ledger lines' `writtenAt`). */
  writtenAt: number;
};

const closureRef = (db: Firestore, userId: string) => db.collection(COLLECTIONS.accountClosures).doc(userId);

export async function findClosure(db: Firestore, userId: string): Promise<ClosureRecord | undefined> {
  const snap = await closureRef(db, userId).get();
  return snap.exists ? { ...ClosureRecord.parse(snap.data()), writtenAt: snap.createTime!.toMillis() } : undefined;
}

/**
 * In the wallet's transaction that marks it closing and cancels its open paid predictions: the record (created by
 * the first such commit, counted on by later ones) and each cancelled prediction's status.
 */
export function recordCancellations(
  tx: FirestoreTransaction,
  db: Firestore,
  { userId, startedAt, predictionIds }: { userId: string; startedAt: string; predictionIds: readonly string[] },
): void {
  tx.set(
    closureRef(db, userId),
    { userId, state: 'closing', startedAt, cancelledPredictions: FieldValue.increment(predictionIds.length) },
    { merge: true },
  );
  for (const id of predictionIds) tx.update(predictionRef(db, id), { status: 'cancelled' });
}

/**
 * Cancels free predictions still open (they hold no money), each only if still active: one the daily maintenance
 * resolved in between keeps its outcome, as the track record counted it. Returns how many were cancelled.
 */
export async function cancelFreePredictions(
  db: Firestore,
  userId: string,
  predictionIds: readonly string[],
): Promise<number> {
  let cancelled = 0;
  for (const part of chunk(predictionIds, 200)) {
    cancelled += await runTransaction(db, async (tx) => {
      const snaps = await tx.getAll(...part.map((id) => predictionRef(db, id)));
      const active = snaps.filter((snap) => PredictionStatus.safeParse(snap.get('status')).data === 'active');
      for (const snap of active) tx.update(snap.ref, { status: 'cancelled' });
      if (active.length > 0) {
        tx.update(closureRef(db, userId), { cancelledPredictions: FieldValue.increment(active.length) });
      }
      return active.length;
    });
  }
  return cancelled;
}

/** In the transaction that deletes the wallet: the money is settled, personal data goes next. */
export function recordWalletDeleted(tx: FirestoreTransaction, db: Firestore, deleted: Wallet): void {
  tx.update(closureRef(db, deleted.userId), { state: 'erasing', walletOpenedAt: deleted.createdAt });
}

export async function recordClosed(db: Firestore, userId: string, closedAt: Date): Promise<void> {
  await closureRef(db, userId).update({ state: 'closed', closedAt: closedAt.toISOString() });
}

/**
 * Erases what the app keeps about a person, once the wallet is gone: the user document and everything under it
 * (notifications, push subscriptions, ...), the watchlist (its stocks' watcher counts with it) and its alerts, and
 * the e-mail on the predictions, which stay as anonymous records for the track record. Each part is idempotent, so
 * a resumed closure runs it all again.
 */
export async function erasePersonalData(db: Firestore, userId: string): Promise<void> {
  const predictions = await buildQuery(db, QUERIES.userFuturePredictions, [userId, 'future']).select().get();
  for (const part of chunk(predictions.docs, 450)) {
    const batch = db.batch();
    for (const doc of part) batch.update(doc.ref, { userEmail: null });
    await batch.commit();
  }
  for (const { symbol } of await watchlistEntries(db, userId)) await unstarStock(db, userId, symbol);
  await db.collection(COLLECTIONS.watchlists).doc(userId).delete();
  const alerts = await buildQuery(db, QUERIES.userWatchAlerts, [userId]).select().get();
  for (const part of chunk(alerts.docs, 450)) {
    const batch = db.batch();
    for (const doc of part) batch.delete(doc.ref);
    await batch.commit();
  }
  await db.recursiveDelete(db.collection(COLLECTIONS.users).doc(userId));
}
