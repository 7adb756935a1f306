/**
 * `npm run bench:load`: simulated investors on a fresh local stack (issue 8). USERS users, each with their own account
 * and a funded wallet, start over the first RAMP_SECONDS and then repeat an investor's visit: search, open a quote,
 * read the model's past predictions, sometimes generate a forecast, look at the wallet, with a pause between steps.
 * The clock starts after WARMUP_SECONDS of that traffic and runs SECONDS: the steady state of a warm service.
 * Warm means what a deployed service has after its first minutes: today's back-tests of the stocks visited
 * (computed once a day per stock, model and timeframe, then reused; a cold one is measured by bench:api and
 * bench:models), and enough Functions emulator workers for the traffic. The emulator serves one request per worker
 * process and starts a new one, seconds of CPU on 2 cores, for a request that finds all busy; Cloud Functions serves
 * `concurrency` requests per instance (functions/src/functionSettings.ts) and keeps min instances warm. The warm-up's
 * start-ups are reported apart.
 *
 * Reports throughput, p50/p99/max per endpoint and the error count (target 0), the causes of the tail it counts
 * (causes.ts: worker start-ups, token checks, transaction retries, cache refreshes, time outside the app), then
 * checks every wallet's ledger invariants (docs/product.md#invariants) against its transactions. Bounded in users
 * and time; loopback only. The latencies are those of the Functions *emulator* on this machine, not of Cloud
 * Functions.
 */
import { mulberry32 } from '../../functions/src/domain/seededRandom';
import { checkInvariants } from '../../functions/src/domain/ledger';
import { readLedger } from '../../functions/src/adapters/firestore/ledgerRepository';
import { adminSdk } from '../../tools/lib/adminSdk';
import { apiCall, APP_URL, newTestUser } from '../../tools/testing/api';
import { fundWallet } from '../../tools/testing/wallet';
import { markdownTable, writeResults } from '../lib/report';
import { causeRows, countCauses, emulatorLogEnd, requestLinesSince, type TimedRequest } from './causes';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 20);
const RAMP_SECONDS = 10;
const THINK_MS = { min: 300, max: 1500 };
const GENERATE_SHARE = 0.2;
const REQUEST_TIMEOUT_MS = 30_000;
const FUNDS_CENTS = 2_000;

const STOCKS = [
  { symbol: 'AAPL', query: 'app' },
  { symbol: 'MSFT', query: 'micro' },
  { symbol: 'NVDA', query: 'nvid' },
  { symbol: 'AMZN', query: 'amaz' },
  { symbol: 'JPM', query: 'jpm' },
  { symbol: 'WMT', query: 'walm' },
] as const;
const TIME_FRAMES = ['short', 'medium', 'long'] as const;

type Endpoint = 'search' | 'quote' | 'historical' | 'generate' | 'wallet';
interface Sample extends TimedRequest {
  ok: boolean;
}
const samples: Record<Endpoint, Sample[]> = { search: [], quote: [], historical: [], generate: [], wallet: [] };
const warmupSamples: Sample[] = [];
const failures: string[] = [];
/** When the clock starts (performance.now()): a request sent before it is part of the warm-up. */
let clockStart = Infinity;

async function timed(endpoint: Endpoint, token: string, path: string, body?: unknown): Promise<void> {
  const started = performance.now();
  let ok = false;
  let detail = '';
  let requestId: string | null = null;
  try {
    const res = await fetch(`${APP_URL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    requestId = res.headers.get('x-request-id');
    ok = res.ok;
    detail = `${res.status} ${text.slice(0, 120)}`;
  } catch (error) {
    detail = String(error);
  }
  const sample = { ms: performance.now() - started, ok, requestId };
  (started >= clockStart ? samples[endpoint] : warmupSamples).push(sample);
  if (!ok) failures.push(`${endpoint} ${path}: ${detail}`);
}

async function investor(index: number, token: string, deadline: number): Promise<void> {
  const next = mulberry32(index + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const think = () => new Promise((r) => setTimeout(r, THINK_MS.min + next() * (THINK_MS.max - THINK_MS.min)));
  await new Promise((r) => setTimeout(r, (index / USERS) * RAMP_SECONDS * 1000));
  while (Date.now() < deadline) {
    const stock = pick(STOCKS);
    const timeFrame = pick(TIME_FRAMES);
    const prediction = `symbol=${stock.symbol}&modelId=recommended&timeFrame=${timeFrame}`;
    await timed('search', token, `/api/stocks/search?q=${stock.query}`);
    await think();
    await timed('quote', token, `/api/stocks/${stock.symbol}`);
    await timed('historical', token, `/api/predictions/historical?${prediction}`);
    await think();
    if (next() < GENERATE_SHARE) {
      await timed('generate', token, '/api/predictions/generate', {
        symbol: stock.symbol,
        modelId: 'recommended',
        timeFrame,
      });
      await think();
    }
    await timed('wallet', token, '/api/wallet');
    await think();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const { db } = adminSdk();
console.log(`[bench:load] preparing ${USERS} investors...`);
const users = await Promise.all(Array.from({ length: USERS }, (_, i) => newTestUser(`load${i}`)));
for (const user of users) await fundWallet(db, user, { cents: FUNDS_CENTS });
console.log(
  `[bench:load] computing today's back-tests of ${STOCKS.length} stocks x ${TIME_FRAMES.length} timeframes...`,
);
for (const { symbol } of STOCKS) {
  for (const timeFrame of TIME_FRAMES) {
    const res = await apiCall(
      `/api/predictions/historical?symbol=${symbol}&modelId=recommended&timeFrame=${timeFrame}`,
      {
        token: users[0]!.token,
      },
    );
    if (res.status !== 200) throw new Error(`warming the back-test of ${symbol} ${timeFrame}: ${res.status}`);
  }
}

console.log(
  `[bench:load] ${USERS} investors (ramp-up ${RAMP_SECONDS} s), warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s ` +
    `timed against ${APP_URL}`,
);
const warmupLogStart = emulatorLogEnd();
const deadline = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
const visits = Promise.all(users.map((user, i) => investor(i, user.token, deadline)));
await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
const runLogStart = emulatorLogEnd();
clockStart = performance.now();
await visits;
const elapsedSeconds = (performance.now() - clockStart) / 1000;
// The app writes a request line as its response ends; the emulator relays it to its log a moment later.
await new Promise((resolve) => setTimeout(resolve, 2_000));
const runLines = requestLinesSince(runLogStart);
const causes = countCauses(Object.values(samples).flat(), runLines);
const warmupCauses = countCauses(warmupSamples, requestLinesSince(warmupLogStart));

const rows: (string | number)[][] = [];
const endpoints: Record<string, unknown> = {};
let requests = 0;
let errors = 0;
for (const [endpoint, list] of Object.entries(samples)) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  const failed = list.filter((s) => !s.ok).length;
  const figures = {
    requests: list.length,
    p50Ms: Math.round(percentile(ms, 50)),
    p99Ms: Math.round(percentile(ms, 99)),
    maxMs: Math.round(ms.at(-1) ?? NaN),
    errors: failed,
  };
  requests += list.length;
  errors += failed;
  endpoints[endpoint] = figures;
  rows.push([endpoint, figures.requests, figures.p50Ms, figures.p99Ms, figures.maxMs, failed]);
}

// Every wallet's ledger after the run: the invariants of docs/product.md#invariants against its own transactions.
const violations: string[] = [];
let predictionsMade = 0;
for (const user of users) {
  const ledger = await readLedger(db, user.uid);
  if (!ledger) {
    violations.push(`${user.uid}: no wallet`);
    continue;
  }
  violations.push(...checkInvariants(ledger.wallet, ledger.transactions).map((v) => `${user.uid}: ${v}`));
  predictionsMade += ledger.transactions.filter((t) => t.type === 'reservation' || t.type === 'free_prediction').length;
}

console.log(markdownTable(['endpoint', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'errors'], rows));
console.log(`\nWhere the time went (timed run; the warm-up's ${warmupCauses.requests} requests apart):`);
const warmupRows = causeRows(warmupCauses);
console.log(
  markdownTable(
    ['cause', 'timed run', 'warm-up'],
    causeRows(causes).map(([what, count], i) => [what!, count!, warmupRows[i]![1]!]),
  ),
);
const throughput = Math.round((requests / elapsedSeconds) * 10) / 10;
console.log(
  `${requests} requests in ${elapsedSeconds.toFixed(1)} s (${throughput} req/s), ${errors} errors; ` +
    `${predictionsMade} predictions made (free or reserved); wallets checked: ${users.length}, invariant violations: ${violations.length}`,
);
for (const line of [...failures.slice(0, 10), ...violations.slice(0, 10)]) console.log(`  ${line}`);
console.log(
  `written: ${writeResults('load', {
    appUrl: APP_URL,
    users: USERS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    rampSeconds: RAMP_SECONDS,
    requests,
    requestsPerSecond: throughput,
    errors,
    endpoints,
    causes,
    warmupCauses,
    walletsChecked: users.length,
    predictionsMade,
    invariantViolations: violations,
  })}`,
);
process.exit(errors === 0 && violations.length === 0 ? 0 : 1);
