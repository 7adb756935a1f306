import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { LinePosition } from '../../domain/maintenance/books';

/**
 * The field the wallet writer stamps each line with: its commit's time, from Firestore's clock. Commits on one wallet
 * are serial (each writes the wallet), so a later commit's lines sort after every earlier line of the wallet, which
 * the market clock of `createdAt` (set back by the local time machine) does not promise.
 */
export const LINE_COMMITTED_AT = 'committedAt';

const DIGITS = { seconds: 12, nanos: 9 };

/** A commit stamp as a string that sorts as the instants do; '' for a line stamped before lines were. */
export function stampOf(value: unknown): string {
  if (!(value instanceof Timestamp)) return '';
  const seconds = String(value.seconds).padStart(DIGITS.seconds, '0');
  return `${seconds}.${String(value.nanoseconds).padStart(DIGITS.nanos, '0')}`;
}

/** The commit instant of a stamp, to query the lines after it; the epoch for '' (every stamped line is after it). */
export function timestampOf(stamp: string): Timestamp {
  if (stamp === '') return new Timestamp(0, 0);
  const [seconds, nanos] = stamp.split('.');
  return new Timestamp(Number(seconds), Number(nanos));
}

/** Where a stored line stands in its wallet's order. */
export const positionOf = (doc: QueryDocumentSnapshot): LinePosition => ({
  at: stampOf(doc.get(LINE_COMMITTED_AT)),
  txId: doc.id,
});
