import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Firestore } from 'firebase-admin/firestore';
import { currentUsageScope, type FirestoreUsage } from '../adapters/firestore/usage';

/** The Admin SDK's two funnels every call goes through (internal API of @google-cloud/firestore). */
interface Funnels {
  request(method: string, request: { writes?: unknown[] }, ...rest: unknown[]): Promise<unknown>;
  requestStream(method: string, bidirectional: boolean, ...rest: unknown[]): Promise<NodeJS.ReadableStream>;
}

/** Methods billed as reads, and what one response of each is: a document (runQuery's last may be none). */
const READS = new Set(['runQuery', 'batchGetDocuments', 'runAggregationQuery']);
const WRITES = new Set(['commit', 'batchWrite']);

/**
 * Counts the Firestore reads and writes of this process by usage scope, the way Firestore bills them (a document
 * read or written; a query that returns nothing, one read), into `{dir}/{pid}.json` (STOCKSEER_FIRESTORE_USAGE_DIR,
 * which tools/stack sets), rewritten whole at most every 100 ms. Local stack only: production's client is left as it is.
 */
export function countFirestoreUsage(db: Firestore, env: NodeJS.ProcessEnv): void {
  const dir = env.STOCKSEER_FIRESTORE_USAGE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.json`);
  const usage: Record<string, FirestoreUsage> = {};
  let flush: NodeJS.Timeout | undefined;
  const add = (scope: string, what: keyof FirestoreUsage, n: number) => {
    const counts = (usage[scope] ??= { reads: 0, writes: 0 });
    counts[what] += n;
    flush ??= setTimeout(() => {
      flush = undefined;
      // Whole or not at all: the bench may read it at any moment.
      writeFileSync(`${file}.tmp`, JSON.stringify(usage));
      renameSync(`${file}.tmp`, file);
    }, 100);
  };
  const funnels = db as unknown as Funnels;
  const request = funnels.request.bind(funnels);
  const requestStream = funnels.requestStream.bind(funnels);
  funnels.request = (method, body, ...rest) => {
    if (WRITES.has(method)) add(currentUsageScope(), 'writes', body.writes?.length ?? 0);
    return request(method, body, ...rest);
  };
  funnels.requestStream = async (method, bidirectional, ...rest) => {
    const stream = await requestStream(method, bidirectional, ...rest);
    if (!READS.has(method)) return stream;
    const scope = currentUsageScope();
    let documents = 0;
    const counted = new Transform({
      objectMode: true,
      transform(chunk: { document?: unknown; found?: unknown; missing?: unknown; result?: unknown }, _, done) {
        if (chunk.document || chunk.found || chunk.missing || chunk.result) documents += 1;
        done(null, chunk);
      },
      flush(done) {
        add(scope, 'reads', Math.max(1, documents));
        done();
      },
    });
    stream.on('error', (error) => counted.destroy(error));
    return stream.pipe(counted);
  };
}
