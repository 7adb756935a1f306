import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { notOnWatchlistMessage, WATCHLIST_FULL_MESSAGE, WATCHLIST_LIMIT } from '@stockseer/contract';
import { conflict, notFound } from '../../domain/errors';
import { watchAlertReached } from '../../domain/notifications';
import { COLLECTIONS } from './db';
import { isAlreadyExists } from './alreadyExists';
import { notificationWrite } from './notifications';
import { runTransaction } from './runTransaction';

/**
 * Watchlists (docs/product.md#watchlist): `watchlists/{uid}` holds a user's stars in the order they were made, and
 * `watchedStocks/{symbol}` counts the users who star each stock, so that daily maintenance reads one document per
 * watched stock (prepared once for all its watchers) and never every user's list. Both change in one transaction.
 * A star's alert threshold is kept in both too: `watchedStocks/{symbol}.alerts.{uid}` is what the run checks.
 */
const StoredWatchlist = z.object({
  userId: z.string(),
  entries: z.array(
    z.object({ symbol: z.string(), addedAt: z.string(), alertAtLeastPercent: z.number().int().nullable().optional() }),
  ),
});
type StoredWatchlist = z.infer<typeof StoredWatchlist>;

const listRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.watchlists).doc(uid);
const watchedRef = (db: Firestore, symbol: string) => db.collection(COLLECTIONS.watchedStocks).doc(symbol);

const entriesOf = (data: unknown): StoredWatchlist['entries'] => StoredWatchlist.safeParse(data).data?.entries ?? [];

/** The user's stars, oldest first, each with its alert threshold (percent) or null. */
export async function watchlistEntries(
  db: Firestore,
  uid: string,
): Promise<{ symbol: string; alertAtLeastPercent: number | null }[]> {
  const entries = entriesOf((await listRef(db, uid).get()).data());
  return entries.map((e) => ({ symbol: e.symbol, alertAtLeastPercent: e.alertAtLeastPercent ?? null }));
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
    else tx.update(watchedRef(db, symbol), 'watchers', FieldValue.increment(-1), alertField(uid), FieldValue.delete());
    return next.map((e) => e.symbol);
  });
}

/** Field paths, not dotted strings: a uid is whatever the identity provider made it. */
const alertField = (uid: string) => new FieldPath('alerts', uid);

/** Sets (or, with null, removes) the alert of a starred stock; a stock not starred is a 404. */
export async function setWatchAlert(
  db: Firestore,
  uid: string,
  symbol: string,
  atLeastPercent: number | null,
): Promise<void> {
  await runTransaction(db, async (tx) => {
    const entries = entriesOf((await tx.get(listRef(db, uid))).data());
    if (!entries.some((e) => e.symbol === symbol)) throw notFound(notOnWatchlistMessage(symbol));
    const next = entries.map((e) => (e.symbol === symbol ? { ...e, alertAtLeastPercent: atLeastPercent } : e));
    tx.set(listRef(db, uid), { userId: uid, entries: next });
    tx.update(watchedRef(db, symbol), alertField(uid), atLeastPercent ?? FieldValue.delete());
  });
}

/** The alerts set on a watched stock: each user's threshold, in percent. */
export async function watchAlertsOf(db: Firestore, symbol: string): Promise<Map<string, number>> {
  const alerts = ((await watchedRef(db, symbol).get()).get('alerts') ?? {}) as Record<string, unknown>;
  return new Map(Object.entries(alerts).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

/**
 * One alert that fired: a user's watched stock whose 7-day chance, from the forecast prepared on `predictionDate`,
 * reached the threshold. Its id is derived (user, stock, date), so a retried shard writes it once, with its entry in
 * the user's inbox (docs/product.md#inbox).
 */
export interface WatchAlert {
  userId: string;
  symbol: string;
  predictionDate: string;
  modelId: string;
  hitProbability: number;
  atLeastPercent: number;
  createdAt: string;
}

const alertRef = (db: Firestore, a: Pick<WatchAlert, 'userId' | 'symbol' | 'predictionDate'>) =>
  db.collection(COLLECTIONS.watchAlerts).doc(`${a.userId}_${a.symbol}_${a.predictionDate}`);

/**
 * Writes the alert and its inbox entry, found by run `runId`, unless the alert was written already (the first
 * write stays; one batch, so both or neither); true when this call wrote it.
 */
export async function recordWatchAlert(db: Firestore, alert: WatchAlert, runId: string): Promise<boolean> {
  const batch = db.batch();
  batch.create(alertRef(db, alert), alert);
  batch.create(...notificationWrite(db, alert.userId, watchAlertReached(alert, runId), new Date(alert.createdAt)));
  try {
    await batch.commit();
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** The chance an alert fired with on `predictionDate` for this user and stock, or null when none fired. */
export async function watchAlertOn(
  db: Firestore,
  key: Pick<WatchAlert, 'userId' | 'symbol' | 'predictionDate'>,
): Promise<number | null> {
  const chance = (await alertRef(db, key).get()).get('hitProbability') as unknown;
  return typeof chance === 'number' ? chance : null;
}

/** Every stock at least one user stars, each once: the watched stocks daily maintenance prepares. */
export async function watchedSymbols(db: Firestore): Promise<string[]> {
  const snap = await db.collection(COLLECTIONS.watchedStocks).select('symbol').get();
  return snap.docs.map((doc) => doc.id).sort();
}
