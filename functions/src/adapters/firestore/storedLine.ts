import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { Transaction } from '@stockseer/contract';

/**
 * A ledger line as stored, the one way every reader parses one (the statement, the wallet writer's replays,
 * settlement, the nightly audit). Its date falls back to createdAt, then to `now` (docs/product.md#ledger-lines):
 * our ledger always writes both; the fallback is for lines of the original app, whose `date` may be null.
 */
export function storedLine(snap: DocumentSnapshot, now: Date = new Date()): Transaction {
  const data = snap.data() ?? {};
  const date: unknown = data.date ?? data.createdAt ?? now.toISOString();
  return Transaction.parse({ ...data, id: snap.id, date, createdAt: data.createdAt ?? date });
}
