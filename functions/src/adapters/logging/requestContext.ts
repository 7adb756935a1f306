import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, as every log line and work counter of it sees it, also across awaits: its id
 * (log.ts tags each line with it) and the counts of its variable work.
 *
 * The work counted is what makes a request's latency vary from one call to the next: an Auth lookup of the token, a
 * transaction attempt Firestore made again after contention, a cache document refreshed from the provider. Written
 * on the request line (http/requestLog.ts), summed over a run they say where a slow tail came from
 * (`npm run bench:load` prints them); in production they are the same fields of the same line.
 */
const WORK_KINDS = ['tokenChecks', 'transactionRetries', 'cacheRefreshes'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export type WorkCounts = Record<WorkKind, number>;

export interface RequestContext {
  requestId: string;
  work: WorkCounts;
}

// One store for the id and the counts: every AsyncLocalStorage adds a little to each promise a request creates.
const context = new AsyncLocalStorage<RequestContext>();

/** A request's context before any work: every count at zero. */
export const newRequestContext = (requestId: string): RequestContext => ({
  requestId,
  work: Object.fromEntries(WORK_KINDS.map((kind) => [kind, 0])) as WorkCounts,
});

/** Serves a request: `work` and whatever it awaits log with `ctx`'s id and count into its work counts. */
export function withRequestContext<T>(ctx: RequestContext, work: () => T): T {
  return context.run(ctx, work);
}

/** The id of the request being served, if any (maintenance and scripts serve none). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Counts one piece of `kind` for the request being served; nothing outside a request. */
export function countWork(kind: WorkKind): void {
  const request = context.getStore();
  if (request) request.work[kind] += 1;
}
