/**
 * Where bench:load's time went, read from the app's own request lines (functions/src/http/requestLog.ts) in the
 * stack's emulator log and joined to the bench's samples by the `X-Request-Id` each response carries. The gap between
 * what the investor waited and what the app took is spent outside the app: in the Functions emulator (which starts a
 * new worker process for a request that finds every worker busy) and in Hosting's proxy.
 */
import { openSync, readSync, statSync, closeSync } from 'node:fs';
import { z } from 'zod';
import type { WorkKind } from '../../functions/src/adapters/logging/requestContext';
import { EMULATOR_LOG } from '../../tools/testing/stackLog';

const requestLine = z.object({
  message: z.literal('request'),
  requestId: z.string(),
  route: z.string(),
  latencyMs: z.number(),
  instanceRequest: z.number(),
  tokenChecks: z.number(),
  transactionRetries: z.number(),
  cacheRefreshes: z.number(),
});
export type RequestLine = z.infer<typeof requestLine>;

/** Where the emulator log ends now: the request lines written after it are read by `requestLinesSince`. */
export const emulatorLogEnd = (): number => statSync(EMULATOR_LOG).size;

/** The app's request lines written to the emulator log since byte `offset`, by request id. */
export function requestLinesSince(offset: number): Map<string, RequestLine> {
  const size = emulatorLogEnd() - offset;
  const buffer = Buffer.alloc(size);
  const fd = openSync(EMULATOR_LOG, 'r');
  try {
    readSync(fd, buffer, 0, size, offset);
  } finally {
    closeSync(fd);
  }
  return parseRequestLines(buffer.toString('utf8'));
}

/** The request lines among the emulator's log lines (each function line is relayed as `>  {json}`), by request id. */
export function parseRequestLines(log: string): Map<string, RequestLine> {
  const lines = new Map<string, RequestLine>();
  for (const text of log.split('\n')) {
    if (!text.startsWith('>  {') || !text.includes('"message":"request"')) continue;
    const parsed = requestLine.safeParse(JSON.parse(text.slice(3)));
    if (parsed.success) lines.set(parsed.data.requestId, parsed.data);
  }
  return lines;
}

/** One request as the investor saw it. */
export interface TimedRequest {
  readonly ms: number;
  readonly requestId: string | null;
}

/** A request slower than this is explained on its own in the causes table. */
export const SLOW_MS = 1_000;

/**
 * The causes a run counts: the work behind every request, and for the slow ones, what each of them did. A request
 * can have several; "outside the app" is one whose wait was mostly not the app's own time.
 */
export function countCauses(requests: readonly TimedRequest[], lines: ReadonlyMap<string, RequestLine>) {
  const served = requests.map((r) => ({ ...r, line: r.requestId ? lines.get(r.requestId) : undefined }));
  const all = served.flatMap((r) => (r.line ? [r.line] : []));
  const sum = (kind: WorkKind, list: readonly RequestLine[]) => list.reduce((total, line) => total + line[kind], 0);
  const slow = served.filter((r) => r.ms > SLOW_MS);
  const slowLines = slow.flatMap((r) => (r.line ? [r.line] : []));
  const outsideMs = served.flatMap((r) => (r.line ? [r.ms - r.line.latencyMs] : [])).sort((a, b) => a - b);
  return {
    requests: requests.length,
    withoutRequestLine: served.filter((r) => !r.line).length,
    workerStarts: all.filter((line) => line.instanceRequest === 1).length,
    tokenChecks: sum('tokenChecks', all),
    transactionRetries: sum('transactionRetries', all),
    cacheRefreshes: sum('cacheRefreshes', all),
    outsideAppP50Ms: Math.round(outsideMs[Math.floor(outsideMs.length / 2)] ?? NaN),
    outsideAppMaxMs: Math.round(outsideMs.at(-1) ?? NaN),
    slow: {
      count: slow.length,
      onANewWorker: slowLines.filter((line) => line.instanceRequest === 1).length,
      mostlyOutsideTheApp: slow.filter((r) => r.line && r.ms - r.line.latencyMs > r.line.latencyMs).length,
      appTookOverASecond: slowLines.filter((line) => line.latencyMs > SLOW_MS).length,
      withTransactionRetries: slowLines.filter((line) => line.transactionRetries > 0).length,
      withCacheRefreshes: slowLines.filter((line) => line.cacheRefreshes > 0).length,
      withTokenChecks: slowLines.filter((line) => line.tokenChecks > 0).length,
    },
  };
}
export type Causes = ReturnType<typeof countCauses>;

/** The causes as rows of a two-column table. */
export function causeRows(causes: Causes): (string | number)[][] {
  const { slow } = causes;
  return [
    ['requests without a request line in the log', causes.withoutRequestLine],
    ['Functions emulator worker start-ups', causes.workerStarts],
    ['token checks (Auth lookups)', causes.tokenChecks],
    ['transaction retries', causes.transactionRetries],
    ['cache refreshes from the provider', causes.cacheRefreshes],
    ['time outside the app, p50 / max ms', `${causes.outsideAppP50Ms} / ${causes.outsideAppMaxMs}`],
    [`requests over ${SLOW_MS} ms`, slow.count],
    ['... served by a new worker (its first request)', slow.onANewWorker],
    ['... mostly waiting outside the app', slow.mostlyOutsideTheApp],
    ['... the app itself took over 1 s', slow.appTookOverASecond],
    ['... with a transaction retry', slow.withTransactionRetries],
    ['... with a cache refresh', slow.withCacheRefreshes],
    ['... with a token check', slow.withTokenChecks],
  ];
}
