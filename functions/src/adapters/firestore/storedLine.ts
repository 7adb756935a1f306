import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { Transaction } from '@stockseer/contract';

/**
 * A ledger line as stored, the one way every reader parses one (the statement, the wallet writer's replays,
 * settlement, the nightly audit). Its date falls back to createdAt, then to `now` (docs/product.md#ledger-lines):
 * our ledger always writes both; the fallback is for lines of the original app, whose `date` may be null.
 */
export function storedLine(snap: DocumentSnapshot, now: Date = new Date()): Transaction {
  return Transaction.parse(lineFields(snap, now));
}

/**
 * The same line, or why it cannot be read (a damaged line): for the nightly audit, which reports such a line
 * instead of failing on it.
 */
export function readableLine(snap: DocumentSnapshot): { line: Transaction } | { unreadable: string } {
  const parsed = Transaction.safeParse(lineFields(snap, new Date()));
  if (parsed.success) return { line: parsed.data };
  return { unreadable: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ') };
}

function lineFields(snap: DocumentSnapshot, now: Date) {
  const data = snap.data() ?? {};
  const date: unknown = data.date ?? data.createdAt ?? now.toISOString();
  return { ...data, id: snap.id, date, createdAt: data.createdAt ?? date };
}
