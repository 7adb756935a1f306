import type { DocumentSnapshot, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Transaction } from '@stockseer/contract';
import { Wallet } from '@stockseer/contract';
import { STRIPE_LINE_TYPES } from '../../domain/ledger';
import { chunk } from '../../domain/maintenance/runs';
import type { WrittenLine } from '../../domain/ledger/payments';
import type { LinePosition } from '../../domain/maintenance/books';
import { positionOf, timestampOf } from './linePositions';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';
import { readableLine, storedLine } from './storedLine';
import { runTransaction } from './runTransaction';

/**
 * A wallet and its whole history, for `checkInvariants` in maintenance and tests. Reads only. Lines are read as the
 * statement reads them (`storedLine`): a line of the original app may have no `date`.
 */
export async function readLedger(
  db: Firestore,
  userId: string,
): Promise<{ wallet: Wallet; transactions: Transaction[] } | undefined> {
  const [walletSnap, txSnaps] = await Promise.all([
    db.collection(COLLECTIONS.wallets).doc(userId).get(),
    buildQuery(db, QUERIES.walletLedger, [userId]).get(),
  ]);
  if (!walletSnap.exists) return undefined;
  return {
    wallet: Wallet.parse(walletSnap.data()),
    transactions: txSnaps.docs.map((doc) => storedLine(doc)),
  };
}

/**
 * A wallet with lines of its history (all of them, or those after its checkpoint), where each stands in the wallet's
 * order and when its document was last written, and the lines that could not be read (a damaged line).
 */
export interface AuditedLedger {
  wallet: Wallet;
  transactions: Transaction[];
  /** Beside `transactions`, line for line. */
  placed: { position: LinePosition; updatedMs: number }[];
  unreadable: { txId: string; reason: string }[];
}

/**
 * A wallet (undefined once deleted: its account was closed) and its whole history with when each line was written,
 * which orders a day's lines under the local time machine. One read-only transaction: the two agree.
 */
export async function readLedgerAsWritten(
  db: Firestore,
  userId: string,
): Promise<{ wallet: Wallet | undefined; lines: WrittenLine[] }> {
  const [walletSnap, txSnaps] = await runTransaction(
    db,
    (tx) =>
      Promise.all([
        tx.get(db.collection(COLLECTIONS.wallets).doc(userId)),
        tx.get(buildQuery(db, QUERIES.walletLedger, [userId])),
      ]),
    { readOnly: true },
  );
  return {
    wallet: walletSnap.exists ? Wallet.parse(walletSnap.data()) : undefined,
    lines: txSnaps.docs.map((doc) => ({ ...storedLine(doc), writtenAt: doc.createTime.toMillis() })),
  };
}

/**
 * Wallets read by one query of their lines (Firestore takes up to 30 values in an `in` filter). The emulator scans
 * the whole collection for it, slower the more values: with 30, audit shards of bench:maintenance passed the 10 s
 * call deadline on a busy machine and were retried, with 10 none did (docs/quality.md). Production reads only the
 * lines asked for either way.
 */
const LEDGERS_PER_QUERY = 10;
/** Reads of a wallet that keeps moving (a settlement beside the audit) before it is left to the next audit. */
const CONSISTENT_READ_TRIES = 5;
const RETRY_PAUSE_MS = 200;

/**
 * Wallets and their histories, each wallet consistent with its lines: the wallets are read before and after their
 * lines, and a wallet written in between (every commit writes the wallet with its lines) is read again, a few times;
 * one still moving then is `deferred` (the next audit finds it moved). A wallet with a position in `after` is read
 * from there on (its lines committed later, one query each), the others in full. Reads only; a missing wallet is
 * left out. A line that cannot be read is named in `unreadable` with why, and left out of `transactions`.
 */
export async function readLedgers(
  db: Firestore,
  userIds: readonly string[],
  { after = new Map() }: { after?: ReadonlyMap<string, LinePosition> } = {},
): Promise<{ ledgers: AuditedLedger[]; deferred: string[] }> {
  const ledgers: AuditedLedger[] = [];
  const deferred: string[] = [];
  const linesOf = async (ids: readonly string[]): Promise<QueryDocumentSnapshot[]> => {
    const [full, onward] = [ids.filter((id) => !after.has(id)), ids.filter((id) => after.has(id))];
    const snaps = await Promise.all([
      ...(full.length > 0 ? [buildQuery(db, QUERIES.walletsLedgers, [full]).get()] : []),
      ...onward.map((id) => buildQuery(db, QUERIES.walletLinesAfter, [id, timestampOf(after.get(id)!.at)]).get()),
    ]);
    return snaps.flatMap((snap) => snap.docs);
  };
  for (const group of chunk(userIds, LEDGERS_PER_QUERY)) {
    let pending = [...group];
    for (let tries = 0; pending.length > 0; tries += 1) {
      if (tries === CONSISTENT_READ_TRIES) {
        deferred.push(...pending);
        break;
      }
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      const refs = pending.map((id) => db.collection(COLLECTIONS.wallets).doc(id));
      const before = await db.getAll(...refs);
      const lines = await linesOf(pending);
      const after = await db.getAll(...refs);
      const moved = (i: number) => !sameVersion(before[i]!, after[i]!);
      for (const [i, snap] of before.entries()) {
        if (moved(i) || !snap.exists) continue;
        const ledger: AuditedLedger = {
          wallet: Wallet.parse(snap.data()),
          transactions: [],
          placed: [],
          unreadable: [],
        };
        for (const doc of lines.filter((d) => d.get('walletId') === snap.id)) {
          const read = readableLine(doc);
          if (!('line' in read)) {
            ledger.unreadable.push({ txId: doc.id, reason: read.unreadable });
            continue;
          }
          ledger.transactions.push(read.line);
          ledger.placed.push({ position: positionOf(doc), updatedMs: doc.updateTime.toMillis() });
        }
        ledgers.push(ledger);
      }
      pending = pending.filter((_, i) => moved(i));
    }
  }
  return { ledgers, deferred };
}

function sameVersion(a: DocumentSnapshot, b: DocumentSnapshot): boolean {
  if (!a.exists || !b.exists) return a.exists === b.exists;
  return a.updateTime!.isEqual(b.updateTime!);
}

/** Ledger lines by id, as stored (absent ids are left out). */
export async function readLines(db: Firestore, txIds: readonly string[]): Promise<Map<string, Transaction>> {
  const found = new Map<string, Transaction>();
  for (const part of chunk([...new Set(txIds)], 300)) {
    const snaps = await db.getAll(...part.map((id) => db.collection(COLLECTIONS.transactions).doc(id)));
    for (const snap of snaps) if (snap.exists) found.set(snap.id, storedLine(snap));
  }
  return found;
}

/**
 * The ledger's lines of Stripe's money (deposits, refunds, disputes) stamped in [from, to): the ledger's side of the
 * nightly reconciliation. A line that cannot be read is left out: the audit reports it.
 */
export async function stripeLinesBetween(db: Firestore, { from, to }: { from: string; to: string }) {
  if (from >= to) return [];
  const snaps = await Promise.all(
    STRIPE_LINE_TYPES.map((type) => buildQuery(db, QUERIES.linesOfTypeBetween, [type, from, to]).get()),
  );
  return snaps.flatMap((snap) =>
    snap.docs.flatMap((doc) => {
      const read = readableLine(doc);
      return 'line' in read ? [read.line] : [];
    }),
  );
}

/**
 * The ids of wallets that held money for an admin's refund in [from, to) (ISO, the ledger's clock): where the
 * refund-hold resolver looks for holds still open.
 */
export async function walletsWithRefundHoldsBetween(db: Firestore, { from, to }: { from: string; to: string }) {
  const snap = await buildQuery(db, QUERIES.linesOfTypeBetween, ['refund_hold', from, to]).select('walletId').get();
  return [...new Set(snap.docs.map((doc) => String(doc.get('walletId'))))];
}

/** The ids of wallets written since `since` (an ISO instant; '' for all). */
export async function walletsMovedSince(db: Firestore, since: string): Promise<string[]> {
  const snap = await buildQuery(db, QUERIES.walletsMovedSince, [since]).select().get();
  return snap.docs.map((doc) => doc.id);
}

/** Every wallet's id, in pages: the full audit's wallets. */
export async function allWalletIds(db: Firestore): Promise<string[]> {
  const ids: string[] = [];
  const PAGE = 1000;
  for (let last: string | undefined; ;) {
    const page = buildQuery(db, QUERIES.allWallets, []).select().limit(PAGE);
    const snap = await (last === undefined ? page : page.startAfter(last)).get();
    ids.push(...snap.docs.map((doc) => doc.id));
    if (snap.size < PAGE) return ids;
    last = snap.docs.at(-1)!.id;
  }
}
