import { currentRequest } from './log';

/**
 * The work behind a request that makes its latency vary from one call to the next, counted per request and written on
 * its request line (http/requestLog.ts): an Auth lookup of the token, a transaction attempt Firestore made again
 * after contention, a cache document refreshed from the provider. Summed over a run they say where a slow tail
 * came from (`npm run bench:load` prints them); in production they are the same fields of the same line.
 */
export const WORK_KINDS = ['tokenChecks', 'transactionRetries', 'cacheRefreshes'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export type WorkCounts = Record<WorkKind, number>;

export const noWork = (): WorkCounts => ({ tokenChecks: 0, transactionRetries: 0, cacheRefreshes: 0 });

/** Counts one piece of `kind` for the request being served; nothing outside a request (maintenance, scripts). */
export function countWork(kind: WorkKind): void {
  const request = currentRequest();
  if (request) request.work[kind] += 1;
}
