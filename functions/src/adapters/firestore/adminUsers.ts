import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { AdminUserRow, type AdminUsersPage, type AdminUsersQuery } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';

/**
 * How many users the list searches. Firestore has no "contains" query, so the search runs over the e-mail-ordered
 * list in memory: fine for the admin of a product this size, and the page itself costs one read per user shown.
 */
const USERS_SEARCHED = 5000;

const text = (snap: DocumentSnapshot, field: string): string | null => {
  const value: unknown = snap.get(field);
  return typeof value === 'string' ? value : null;
};

/** A page of the admin's user list: who, since when, their wallet and how many predictions they made. */
export async function adminUserPage(db: Firestore, { q, limit, cursor }: AdminUsersQuery): Promise<AdminUsersPage> {
  const snap = await buildQuery(db, QUERIES.usersByEmail, []).limit(USERS_SEARCHED).get();
  const needle = q?.toLowerCase();
  const matching = needle
    ? snap.docs.filter((doc) =>
        [text(doc, 'email'), text(doc, 'displayName')].some((value) => value?.toLowerCase().includes(needle)),
      )
    : snap.docs;
  const start = cursor ? matching.findIndex((doc) => doc.id === cursor) + 1 : 0;
  const page = matching.slice(start, start + limit);
  const users = await Promise.all(page.map((doc) => rowOf(db, doc)));
  return { users, nextCursor: start + limit < matching.length ? (page.at(-1)?.id ?? null) : null };
}

/** The wallet's amounts as the list shows them; a field never written reads as 0. */
const WalletAmounts = AdminUserRow.shape.wallet.unwrap();
const NO_AMOUNTS = { balance: 0, reservedBalance: 0, chargedBalance: 0, freePredictions: 0 };

/** One row, checked against the contract: a document that breaks it fails loudly instead of reaching the page. */
async function rowOf(db: Firestore, user: DocumentSnapshot): Promise<AdminUserRow> {
  const [wallet, predictions] = await Promise.all([
    db.collection(COLLECTIONS.wallets).doc(user.id).get(),
    buildQuery(db, QUERIES.userFuturePredictions, [user.id, 'future']).count().get(),
  ]);
  return AdminUserRow.parse({
    id: user.id,
    email: text(user, 'email'),
    displayName: text(user, 'displayName'),
    createdAt: text(user, 'createdAt'),
    isAdmin: user.get('isAdmin') === true,
    wallet: wallet.exists ? WalletAmounts.parse({ ...NO_AMOUNTS, ...wallet.data() }) : null,
    predictionCount: predictions.data().count,
  });
}
