import { createHash } from 'node:crypto';
import type { Firestore, Transaction as FirestoreTransaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ModelChoice, TimeFrame } from '@stockseer/contract';
import { COLLECTIONS } from './db';

/**
 * Which prediction a generate with an Idempotency-Key made, and for what request: a retry with the same key gets
 * that prediction back, the same key on another request a 409. Written in the transaction that made the prediction.
 */
const IdempotentGenerate = z.object({
  userId: z.string(),
  predictionId: z.string(),
  symbol: z.string(),
  modelChoice: ModelChoice,
  timeFrame: TimeFrame,
});
export type IdempotentGenerate = z.infer<typeof IdempotentGenerate>;

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
