import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { PREDICTION_FEE_CENTS } from '@stockseer/contract';
import { ledgerTxId } from '../../functions/src/domain/ledger';

/** Wallets per full-audit request: each reads its wallets' whole histories within the request. */
const AUDIT_WALLETS_PER_REQUEST = 20;
const BATCH_LINES = 500;

/**
 * Gives each wallet `lines` old ledger lines, stored directly in batches (fast; the wallet writer would take minutes):
 * pairs of a $1 reservation and its release a year ago, which leave its figures and invariants as they were. Then
 * the full audit (`audit`, the Admin's action) reads each whole history once and sets the wallet's checkpoint, as
 * the nights before would have.
 */
export async function ageWallets(
  db: Firestore,
  walletIds: readonly string[],
  lines: number,
  audit: (walletIds: string[]) => Promise<{ status: number }>,
): Promise<void> {
  const yearAgo = Date.now() - 365 * 86_400_000;
  const writes = walletIds.flatMap((walletId) =>
    Array.from({ length: Math.floor(lines / 2) }, (_, i) => {
      const predictionId = `${walletId}-old${i}`;
      const at = new Date(yearAgo + i * 60_000).toISOString();
      const line = { walletId, amount: PREDICTION_FEE_CENTS, ticker: 'KO', date: at, createdAt: at };
      const committedAt = Timestamp.fromMillis(Date.parse(at));
      return [
        [ledgerTxId.reserve(predictionId), { ...line, type: 'reservation', description: 'Prediction KO', committedAt }],
        [ledgerTxId.settle(predictionId), { ...line, type: 'refund', description: 'Released KO', committedAt }],
      ] as const;
    }).flat(),
  );
  for (let i = 0; i < writes.length; i += BATCH_LINES) {
    const batch = db.batch();
    for (const [id, line] of writes.slice(i, i + BATCH_LINES)) batch.set(db.collection('transactions').doc(id), line);
    await batch.commit();
  }
  for (let i = 0; i < walletIds.length; i += AUDIT_WALLETS_PER_REQUEST) {
    const { status } = await audit(walletIds.slice(i, i + AUDIT_WALLETS_PER_REQUEST));
    if (status !== 200) throw new Error(`the full audit of the aged wallets answered ${status}`);
  }
}
