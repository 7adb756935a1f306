import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { WATCHLIST_FULL_MESSAGE, WATCHLIST_LIMIT } from '@stockseer/contract';
import { conflict } from '../../domain/errors';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * Watchlists (docs/product.md#watchlist): `watchlists/{uid}` holds a user's stars in the order they were made, and
 * `watchedStocks/{symbol}` counts the users who star each stock, so that daily maintenance reads one document per
 * watched stock (prepared once for all its watchers) and never every user's list. Both change in one transaction.
 */
const StoredWatchlist = z.object({
  userId: z.string(),
  entries: z.array(z.object({ symbol: z.string(), addedAt: z.string() })),
});
type StoredWatchlist = z.infer<typeof StoredWatchlist>;

const listRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.watchlists).doc(uid);
const watchedRef = (db: Firestore, symbol: string) => db.collection(COLLECTIONS.watchedStocks).doc(symbol);

const entriesOf = (data: unknown): StoredWatchlist['entries'] => StoredWatchlist.safeParse(data).data?.entries ?? [];

/** The user's starred symbols, oldest star first. */
export async function watchlistSymbols(db: Firestore, uid: string): Promise<string[]> {
  return entriesOf((await listRef(db, uid).get()).data()).map((e) => e.symbol);
}

/** Stars `symbol` (a star already there changes nothing); past WATCHLIST_LIMIT stars, a conflict (409). */
export async function starStock(db: Firestore, uid: string, symbol: string, now: Date): Promise<string[]> {
  return runTransaction(db, async (tx) => {
    const entries = entriesOf((await tx.get(listRef(db, uid))).data());
    if (entries.some((e) => e.symbol === symbol)) return entries.map((e) => e.symbol);
    if (entries.length >= WATCHLIST_LIMIT) throw conflict(WATCHLIST_FULL_MESSAGE);
    const next = [...entries, { symbol, addedAt: now.toISOString() }];
    tx.set(listRef(db, uid), { userId: uid, entries: next });
    tx.set(watchedRef(db, symbol), { symbol, watchers: FieldValue.increment(1) }, { merge: true });
    return next.map((e) => e.symbol);
  });
}

/** Removes the star of `symbol` (none there changes nothing); a stock nobody stars any more is no longer prepared. */
export async function unstarStock(db: Firestore, uid: string, symbol: string): Promise<string[]> {
  return runTransaction(db, async (tx) => {
    const [list, watched] = await tx.getAll(listRef(db, uid), watchedRef(db, symbol));
    const entries = entriesOf(list!.data());
    if (!entries.some((e) => e.symbol === symbol)) return entries.map((e) => e.symbol);
    const next = entries.filter((e) => e.symbol !== symbol);
    tx.set(listRef(db, uid), { userId: uid, entries: next });
    const watchers = Number(watched!.get('watchers') ?? 0);
    if (watchers <= 1) tx.delete(watchedRef(db, symbol));
    else tx.update(watchedRef(db, symbol), { watchers: FieldValue.increment(-1) });
    return next.map((e) => e.symbol);
  });
}

/** Every stock at least one user stars, each once: the watched stocks daily maintenance prepares. */
export async function watchedSymbols(db: Firestore): Promise<string[]> {
  const snap = await db.collection(COLLECTIONS.watchedStocks).select('symbol').get();
  return snap.docs.map((doc) => doc.id).sort();
}
