/**
 * The audit log (docs/product.md#audit-log): one entry per admin action, written in the same Firestore transaction
 * (or batch) as the change it records, and never edited or deleted: no route writes it but by `recordAudit`, and
 * firestore.rules let admins only read it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Firestore, Transaction as FirestoreTransaction, WriteBatch } from 'firebase-admin/firestore';
import { AuditEntry, type AuditAction, type AuditLogPage, type AuditLogQuery } from '@stockseer/contract';
import { COLLECTIONS } from './db';
import { buildQuery, QUERIES } from './queries';
import { cursorPage } from './cursorPage';
import { runTransaction } from './runTransaction';

const entryRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.auditLog).doc(id);

/**
 * An action an admin asked for with an Idempotency-Key: its id, derived from the action, its target and the key, so
 * a retry (by the same admin or another) finds the first request's entry (the key itself is not stored); its audit
 * entry's id; and the fingerprint of what it asked for, to tell a retry (the same) from a key reused for another
 * request (409).
 */
export function keyedRequest(
  action: AuditAction,
  targetUserId: string,
  key: string,
  request: unknown,
): { requestId: string; auditId: string; fingerprint: string } {
  const requestId = createHash('sha256').update(`${action}\n${targetUserId}\n${key}`).digest('hex').slice(0, 32);
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  return { requestId, auditId: `${action}:${requestId}`, fingerprint };
}

/** An entry as stored: the contract's fields, and for a keyed request the fingerprint of what it asked for. */
export type StoredAuditEntry = AuditEntry & { fingerprint?: string };

/** Writes the entry with the change it records; `create` fails if an entry of this id exists. */
export function recordAudit(write: FirestoreTransaction | WriteBatch, db: Firestore, entry: StoredAuditEntry): void {
  const ref = entryRef(db, entry.id);
  // The same call on either: TypeScript cannot call a union of their generic `create`s, so each is named apart.
  if ('getAll' in write) write.create(ref, entry);
  else write.create(ref, entry);
}

/**
 * Records a keyed request's entry once, in a transaction of its own (a sign-out's, before Auth): the fingerprint of the entry found when one exists already (a concurrent or earlier request with the
 * same key), else undefined.
 */
export async function recordAuditOnce(db: Firestore, entry: StoredAuditEntry): Promise<{ existing?: string }> {
  const ref = entryRef(db, entry.id);
  return runTransaction(db, async (tx) => {
    const found = await tx.get(ref);
    if (found.exists) return { existing: String(found.get('fingerprint')) };
    tx.create(ref, entry);
    return {};
  });
}

/** A new entry's id when the action has no key (a settings change): each request is one change, so one entry. */
export const newAuditId = (): string => randomUUID();

/** The entry of a keyed request, with its fingerprint; undefined when the key is new. */
export async function findAuditEntry(
  db: Firestore,
  id: string,
): Promise<{ entry: AuditEntry; fingerprint: string | undefined } | undefined> {
  const snap = await entryRef(db, id).get();
  if (!snap.exists) return undefined;
  const fingerprint: unknown = snap.get('fingerprint');
  return {
    entry: AuditEntry.parse(snap.data()),
    fingerprint: typeof fingerprint === 'string' ? fingerprint : undefined,
  };
}

/** The day after a `YYYY-MM-DD` date, as the instant it begins (UTC). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** A page of the log, newest first, filtered by the server so that every page is relevant. */
export async function auditPage(db: Firestore, query: AuditLogQuery): Promise<AuditLogPage> {
  const from = query.from ? `${query.from}T00:00:00.000Z` : '';
  const to = query.to ? dayAfter(query.to) : '\uffff';
  const { docs, nextCursor } = await cursorPage(
    buildQuery(db, QUERIES.auditLog, [query.action, query.actorUid, query.targetUserId, from, to]),
    {
      limit: query.limit,
      cursorRef: query.cursor ? entryRef(db, query.cursor) : null,
      cursorMessage: 'cursor must be the id of an entry from the previous page',
    },
  );
  return { entries: docs.map((doc) => AuditEntry.parse(doc.data())), nextCursor };
}
