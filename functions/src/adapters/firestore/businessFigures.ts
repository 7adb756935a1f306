/**
 * The overview's stored figures (docs/architecture.md#the-business-overview): per day and per month, spread over
 * `FIGURE_SHARDS` documents each (`businessFigures/day:2026-11-26:3`), so that commits of different users rarely
 * write the same document; a reader sums the shards. Added by increments only, inside the transaction that moves the
 * money or resolves the prediction, so a commit counts exactly once. A recount's correction lands on a shard of its
 * own (`...:recount`).
 */
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore, type Query, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { Granularity } from '@stockseer/contract';
import { addToBook, figureKey, figureKeysOf, type FigureBook } from '../../domain/overview/book';
import { FIGURE_NAMES, isNothing, type FigureDeltas } from '../../domain/overview/figures';
import { periodOf, shiftPeriod } from '../../domain/overview/periods';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';
import { isAlreadyExists } from './alreadyExists';

/** Documents each day's and month's additions are spread over. */
const FIGURE_SHARDS = 8;
const RECOUNT_SHARD = 'recount';

/** A user's commits all land on one shard: theirs are serialised by their wallet anyway. */
function shardOf(shardKey: string): string {
  return String(createHash('sha256').update(shardKey).digest()[0]! % FIGURE_SHARDS);
}

/** Never the uid itself: a marker says that someone was active, and a closed account leaves no name in it. */
const markerOf = (userId: string) =>
  createHash('sha256').update(`stockseer-active:${userId}`).digest('hex').slice(0, 24);

const figuresRef = (db: Firestore, key: string, shard: string) =>
  db.collection(COLLECTIONS.businessFigures).doc(`${key}:${shard}`);

const StoredFigures = z.object(Object.fromEntries(FIGURE_NAMES.map((name) => [name, z.number().default(0)])));

function increments(figures: Partial<FigureDeltas>): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const name of FIGURE_NAMES) {
    const value = figures[name];
    if (value) fields[name] = FieldValue.increment(value);
  }
  return fields;
}

/**
 * Adds, in `tx`, what happened at `at` to its day's and month's figures, on the shard `shardKey` (a user id, or a
 * prediction id) picks.
 */
export function addBusinessFigures(
  tx: Transaction,
  db: Firestore,
  { shardKey, at, figures }: { shardKey: string; at: Date; figures: FigureDeltas },
): void {
  if (isNothing(figures)) return;
  for (const key of figureKeysOf(at))
    tx.set(figuresRef(db, key, shardOf(shardKey)), increments(figures), { merge: true });
}

/**
 * Counts `userId` as active on the day and in the month of `now`, once each: a marker per user and period, created
 * in one batch with the count's increment, so that the increment lands only with the marker. Most calls find both
 * markers and write nothing; of concurrent first calls, one creates each marker and the others are refused, with no
 * transaction to wait on.
 */
export async function markActive(db: Firestore, userId: string, now: Date): Promise<void> {
  const keys = figureKeysOf(now);
  const markers = keys.map((key) => db.collection(COLLECTIONS.activeUsers).doc(`${key}:${markerOf(userId)}`));
  const snaps = await db.getAll(...markers);
  await Promise.all(
    keys.map(async (key, i) => {
      if (snaps[i]!.exists) return;
      const batch = db.batch();
      batch.create(markers[i]!, { firstAt: now.toISOString() });
      batch.set(figuresRef(db, key, shardOf(userId)), increments({ activeUsers: 1 }), { merge: true });
      try {
        await batch.commit();
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }),
  );
}

/** The shards' sum per period, of the documents `query` finds. */
async function bookOf(query: Query): Promise<FigureBook> {
  const book: FigureBook = new Map();
  for (const doc of (await query.get()).docs) {
    addToBook(book, doc.id.slice(0, doc.id.lastIndexOf(':')), StoredFigures.parse(doc.data()) as FigureDeltas);
  }
  return book;
}

/** The documents of the periods from `from` to `to`, both included (ids sort by period; ';' follows ':'). */
const periodRange = (db: Firestore, granularity: Granularity, from: string, to: string) =>
  buildQuery(db, QUERIES.businessFiguresRange, [`${figureKey(granularity, from)}:`, `${figureKey(granularity, to)};`]);

/**
 * The stored figures of each period from `from` to `to`, and the money held in reservations before the first: the
 * changes of every earlier month, and for days, of the earlier days of the first day's month.
 */
export async function readBusinessFigures(
  db: Firestore,
  granularity: Granularity,
  from: string,
  to: string,
): Promise<{ figures: Map<string, FigureDeltas>; reservedBefore: number }> {
  const firstMonth = periodOf('month', from);
  const monthStart = `${firstMonth}-01`;
  const [shown, earlierMonths, earlierDays] = await Promise.all([
    bookOf(periodRange(db, granularity, from, to)),
    bookOf(buildQuery(db, QUERIES.businessFiguresRange, ['month:', `${figureKey('month', firstMonth)}:`])),
    granularity === 'day' && from > monthStart
      ? bookOf(periodRange(db, 'day', monthStart, shiftPeriod('day', from, -1)))
      : Promise.resolve<FigureBook>(new Map()),
  ]);
  const reservedBefore = [...earlierMonths.values(), ...earlierDays.values()].reduce(
    (sum, f) => sum + f.reservedChange,
    0,
  );
  const prefix = `${granularity}:`;
  return {
    figures: new Map([...shown].map(([key, figures]) => [key.slice(prefix.length), figures])),
    reservedBefore,
  };
}

/** Every stored period's figures: what a recount compares with. */
export function readAllBusinessFigures(db: Firestore): Promise<FigureBook> {
  return bookOf(db.collection(COLLECTIONS.businessFigures));
}

/** Adds a recount's difference to the recount shard of each period, so that the stored sums equal the recount. */
export async function addRecountCorrection(db: Firestore, difference: FigureBook): Promise<void> {
  const entries = [...difference];
  for (let i = 0; i < entries.length; i += 400) {
    const batch = db.batch();
    for (const [key, delta] of entries.slice(i, i + 400)) {
      batch.set(figuresRef(db, key, RECOUNT_SHARD), increments(delta), { merge: true });
    }
    await batch.commit();
  }
}
