/**
 * The web app's error reports (`POST /api/client-errors`, public): limited per browser, per address the platform's
 * front end received them from, and for every caller together, and logged once per window however often the same error is reported, so that neither a broken page nor a
 * hostile caller can flood the logs.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { ClientErrorReport } from '@stockseer/contract';
import type { RateLimiter } from '../domain/rateLimit';
import { countOccurrence } from '../adapters/firestore/rateLimits';
import { log } from '../adapters/logging/log';

interface Deps {
  db: Firestore;
  rateLimiter: RateLimiter;
}

/** One key for every caller: the ceiling of all reports together. */
const EVERY_CALLER = 'client-all';
/** An error reported again within this window is counted, not logged again. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** Who reports (http/clientAddress.ts): the browser, and the address the front end received the report from. */
export interface Reporter {
  browser: string;
  edge: string;
}

export async function reportClientError(
  deps: Deps,
  reporter: Reporter,
  report: ClientErrorReport,
  now = Date.now(),
): Promise<void> {
  // The narrowest limit first: a refused request is not counted further on, so one flooding browser leaves its
  // edge's share and the ceiling to the others.
  await deps.rateLimiter.enforce(reporter.browser, 'clientErrors.report');
  await deps.rateLimiter.enforce(reporter.edge, 'clientErrors.edge');
  await deps.rateLimiter.enforce(EVERY_CALLER, 'clientErrors.all');
  const { kind, message, stack, path, release } = report;
  const fingerprint = fingerprintOf(report);
  const count = await countOccurrence(deps.db, { key: `report-${fingerprint}`, windowMs: REPEAT_WINDOW_MS, now });
  const fields = { source: 'web', kind, path, release, fingerprint, count };
  if (count === 1) {
    log.error(`web app ${kind} error on ${path}`, stack ? `${message}\n${stack}` : message, fields);
  } else if (isPowerOfTen(count)) {
    // A line per tenfold, without the stack: how often it repeats, in a few lines whatever the flood.
    log.warn(
      `web app ${kind} error on ${path} reported ${count} times in ${REPEAT_WINDOW_MS / 60_000} minutes`,
      fields,
    );
  }
}

/** The same error (kind, message, stack, page), whoever reports it. */
function fingerprintOf({ kind, message, stack, path }: ClientErrorReport): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, message, stack ?? '', path]))
    .digest('hex')
    .slice(0, 16);
}

const isPowerOfTen = (n: number) => /^10+$/.test(String(n));
