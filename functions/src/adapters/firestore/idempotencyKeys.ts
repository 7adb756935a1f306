import { createHash } from 'node:crypto';
import type { Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { IsoDate, ModelChoice, TimeFrame } from '@stockseer/contract';
import { COLLECTIONS } from './db';

/**
 * Which prediction a generate with an Idempotency-Key made, and for what request: a retry with the same key gets
 * that prediction back, the same key on another request a 409. Written in the transaction that made the prediction,
 * with the market date it was made on, so that daily maintenance can drop keys past any retry
 * (`IDEMPOTENCY_KEY_DAYS`). Keys written before that date was kept have none and are never dropped.
 */
const IdempotentGenerate = z.object({
  userId: z.string(),
  predictionId: z.string(),
  symbol: z.string(),
  modelChoice: ModelChoice,
  timeFrame: TimeFrame,
  recordedOn: IsoDate.optional(),
});
export type IdempotentGenerate = z.infer<typeof IdempotentGenerate>;

/** How long a key answers retries: a client retries within minutes; a week covers a device long offline. */
export const IDEMPOTENCY_KEY_DAYS = 7;

/** Hashed with the user id: one user's key never names another's request, and the raw key is not stored. */
const keyRef = (db: Firestore, userId: string, key: string) =>
  db
    .collection(COLLECTIONS.idempotencyKeys)
    .doc(`g_${createHash('sha256').update(`${userId}\n${key}`).digest('hex').slice(0, 32)}`);

export async function findIdempotentGenerate(
  db: Firestore,
  userId: string,
  key: string,
): Promise<IdempotentGenerate | undefined> {
  const snap = await keyRef(db, userId, key).get();
  return snap.exists ? IdempotentGenerate.parse(snap.data()) : undefined;
}

export function recordIdempotentGenerate(
  tx: FirestoreTransaction,
  db: Firestore,
  key: string,
  record: IdempotentGenerate,
): void {
  tx.set(keyRef(db, record.userId, key), record);
}
