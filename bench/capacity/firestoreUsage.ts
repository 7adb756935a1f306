/**
 * Firestore documents read and written by one process, counted where the Admin SDK talks to the server: every call
 * goes through the client's `request` (commit, batchWrite, rollback, ...) or `requestStream` (batchGetDocuments,
 * runQuery, runAggregationQuery) funnels. Counted as Firestore bills them (firebase.google.com/docs/firestore/pricing):
 * - a write per document a commit or batch write changes (a transaction's writes come in its commit);
 * - a read per document a lookup returns, found or missing, and per document a query returns, with at least one
 *   read for a query that returns none;
 * - an aggregation (count) as one read: the bill is one per up to 1,000 index entries, and ours count fewer.
 * Retried transactions are counted each time, as they are billed. Not counted: index entry reads of queries (billed
 * only past one per query in some cases) and listens (the app has none). Deletes are counted as writes, which bills
 * them at a write's price instead of a delete's (a ninth of it): an over-estimate on the maintenance side only.
 */
import type { Firestore } from 'firebase-admin/firestore';

export interface FirestoreUsage {
  reads: number;
  writes: number;
}

/** Documents a unary call writes: the writes of a commit or batch write; none for the others. */
export function writesOfCall(method: string, request: unknown): number {
  if (method !== 'commit' && method !== 'batchWrite') return 0;
  const writes = (request as { writes?: unknown[] } | undefined)?.writes;
  return Array.isArray(writes) ? writes.length : 0;
}

/** Reads billed for one streamed response (`chunk`) of a streaming call. */
export function readsOfChunk(method: string, chunk: unknown): number {
  const message = (chunk ?? {}) as Record<string, unknown>;
  switch (method) {
    case 'batchGetDocuments':
      return message.found || message.missing ? 1 : 0;
    case 'runQuery':
      return message.document ? 1 : 0;
    case 'runAggregationQuery':
      return message.result ? 1 : 0;
    default:
      return 0;
  }
}

/** The minimum a whole call is billed, given the reads its chunks counted: one read for a query that found none. */
export function readsAtEnd(method: string, counted: number): number {
  return method === 'runQuery' && counted === 0 ? 1 : 0;
}

interface FirestoreClient {
  request(method: string, request: unknown, ...rest: unknown[]): Promise<unknown>;
  requestStream(method: string, ...rest: unknown[]): Promise<NodeJS.ReadableStream>;
}

/**
 * Wraps `db`'s two funnels and returns the running totals. `db` is the Admin SDK's Firestore (firebase-admin
 * re-exports @google-cloud/firestore's class); the funnels are its internal methods, hence the casts.
 */
export function countFirestoreUsage(db: Firestore): FirestoreUsage {
  const usage: FirestoreUsage = { reads: 0, writes: 0 };
  const client = db as unknown as FirestoreClient;
  const request = client.request.bind(client);
  const requestStream = client.requestStream.bind(client);
  client.request = (method, body, ...rest) => {
    const answer = request(method, body, ...rest);
    // Counted once the server accepted the call: a failed commit wrote nothing.
    void answer.then(
      () => (usage.writes += writesOfCall(method, body)),
      () => undefined,
    );
    return answer;
  };
  client.requestStream = async (method, ...rest) => {
    const stream = await requestStream(method, ...rest);
    let counted = 0;
    // Counting in `emit` leaves the stream as the SDK made it: adding a 'data' listener would start it flowing.
    const emit = stream.emit.bind(stream) as (event: string | symbol, ...args: unknown[]) => boolean;
    (stream as unknown as { emit: typeof emit }).emit = (event, ...args) => {
      if (event === 'data') {
        const reads = readsOfChunk(method, args[0]);
        counted += reads;
        usage.reads += reads;
      } else if (event === 'end') {
        usage.reads += readsAtEnd(method, counted);
      }
      return emit(event, ...args);
    };
    return stream;
  };
  return usage;
}
