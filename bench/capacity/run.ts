/**
 * `npm run bench:capacity`: what one instance of the `api` function serves and what each hot operation uses. The app
 * runs alone in one Node process (server.ts, as one Cloud Functions instance runs it) against the local stack's
 * emulators; autocannon, in this process, holds N requests in flight at once (an instance with concurrency N), for
 * each level of `--concurrency` from the lowest up, until a level's p99 passes 1 s. Per route: the highest throughput
 * within that bound, and per operation the server's CPU milliseconds (its worker threads, where models fit, included)
 * and its Firestore documents read and written (counted in the server's client: firestoreUsage.ts). Then the cost of
 * 1,000 of each at list prices (cost.ts) and a month of 1,000 / 100,000 / 1,000,000 investors. docs/capacity.md.
 *
 *   --concurrency 1,4,8,16,32,80   levels to try (default); fewer levels make a shorter run
 *   --seconds 10                   measured seconds per level (default 10), after --warmup seconds (default 3)
 *   --routes quote,history,...     a subset of the routes (default: all six)
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { adminSdk } from '../../tools/lib/adminSdk';
import { newTestUser } from '../../tools/testing/api';
import { fundWallet } from '../../tools/testing/wallet';
import { DIRECTORY } from '../../functions/src/adapters/market-data/directory';
import { COLLECTIONS } from '../../functions/src/adapters/firestore/db';
import { markdownTable, writeResults } from '../lib/report';
import { HISTORICAL_PATH, QUOTE_PATH } from '../api/requests';
import { bestWithinBound, climbOn, parseLevels, P99_BOUND_MS, withinBound, type LevelRun } from './search';
import {
  billedSecondsAlone,
  billedSecondsBusy,
  monthCost,
  monthOf,
  monthRevenue,
  operationCost,
  perThousand,
  PRICES,
  type HotOperation,
} from './cost';
import { API_SETTINGS } from '../../functions/src/functionSettings';
import type { ServerMessage, ServerUsage } from './server';

const { values: flags } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '1,4,8,16,32,80' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    routes: { type: 'string' },
  },
});
const LEVELS = parseLevels(flags.concurrency);
const SECONDS = Number(flags.seconds);
const WARM_UP_SECONDS = Number(flags.warmup);
/** One investor per request in flight at the highest level: no one's wallet is asked twice at once. */
const INVESTORS = Math.max(...LEVELS);
const MODELS = ['arima', 'xgboost', 'prophet'] as const;
const TIME_FRAMES = ['short', 'medium', 'long'] as const;

// --- The server: the api app alone in its process ---
const child = fork(new URL('./server.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  // Its request log (a JSON line per request, as in production) is written, and dropped here.
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const pending: ((m: ServerMessage) => void)[] = [];
child.on('message', (m: ServerMessage) => pending.shift()?.(m));
child.on('exit', (code) => {
  if (code !== 0 && code !== null) {
    console.error(`the server process ended with ${code}`);
    process.exit(1);
  }
});
const nextMessage = () => new Promise<ServerMessage>((resolve) => pending.push(resolve));
const { url } = (await nextMessage()) as Extract<ServerMessage, { kind: 'listening' }>;
async function usage(): Promise<ServerUsage> {
  const answer = nextMessage();
  child.send({ kind: 'usage' });
  return ((await answer) as Extract<ServerMessage, { kind: 'usage' }>).usage;
}
/** Waits until the server has answered every request: autocannon leaves the last ones of a run unread. */
async function idle(): Promise<ServerUsage> {
  for (;;) {
    const now = await usage();
    if (now.inFlight === 0) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// --- Investors, each with money for every generate of the run ---
const sdk = adminSdk();
const investors = await Promise.all(Array.from({ length: INVESTORS }, (_, i) => newTestUser(`capacity-${i}`)));
// One at a time: the stack's Functions emulator opens the account (POST /api/me) on one warm worker.
for (const investor of investors) await fundWallet(sdk.db, investor, { cents: 10_000_000, free: 0 });

// --- The forecasts: those nobody asked of the last close yet (each fits once), then those already made ---
const key = (f: { symbol: string; modelId: string; timeFrame: string }) => `${f.symbol}|${f.modelId}|${f.timeFrame}`;
async function forecastsOfLastClose() {
  const docs = (await sdk.db.collection(COLLECTIONS.forecastsOfTheDay).get()).docs.map((d) => d.data());
  const lastClose = docs.reduce((max, d) => (d.predictionDate > max ? (d.predictionDate as string) : max), '');
  return docs.filter((d) => d.predictionDate === lastClose).map((d) => key(d as never));
}
const madeBefore = new Set(await forecastsOfLastClose());
const unasked = [...DIRECTORY.keys()]
  .flatMap((symbol) => MODELS.flatMap((modelId) => TIME_FRAMES.map((timeFrame) => ({ symbol, modelId, timeFrame }))))
  .filter((f) => !madeBefore.has(key(f)));

// --- The routes ---
interface Route {
  name: HotOperation;
  label: string;
  /** The request number `n` of the run: method, path, body and investor. */
  request: (n: number) => { method: 'GET' | 'POST'; path: string; body?: string; investor: number };
  /** Requests left to make, for a route whose requests are each made once (the generates). */
  left?: () => number;
}
let fitsAsked = 0;
/** Who asked each forecast this run fitted: the prepared route gives it to others (one forecast, one charge). */
const askedBy = new Map<string, number>();
let prepared: { symbol: string; modelId: string; timeFrame: string }[] = [];
let preparedAsked = 0;
const query = (f: { symbol: string; modelId: string; timeFrame: string }) =>
  `symbol=${f.symbol}&modelId=${f.modelId}&timeFrame=${f.timeFrame}`;
const ROUTES: Route[] = [
  {
    name: 'quote',
    label: 'GET /api/stocks/{symbol}',
    request: (n) => ({ method: 'GET', path: QUOTE_PATH, investor: n }),
  },
  {
    name: 'history',
    label: 'GET /api/stocks/{symbol}/history',
    request: (n) => ({ method: 'GET', path: '/api/stocks/AAPL/history', investor: n }),
  },
  {
    name: 'historical',
    label: 'GET /api/predictions/historical',
    request: (n) => ({ method: 'GET', path: HISTORICAL_PATH, investor: n }),
  },
  {
    name: 'generateFits',
    label: 'POST /api/predictions/generate (fits)',
    left: () => unasked.length - fitsAsked,
    // Each forecast once: the first ask of it today fits a model.
    request: () => {
      const forecast = unasked[fitsAsked];
      if (!forecast)
        throw new Error(`all ${unasked.length} forecasts not asked yet today were asked: use fewer levels`);
      const investor = fitsAsked++;
      askedBy.set(key(forecast), investor);
      return { method: 'POST', path: '/api/predictions/generate', body: JSON.stringify(forecast), investor };
    },
  },
  {
    name: 'preview',
    label: 'GET /api/predictions/preview (prepared)',
    request: (n) => ({
      method: 'GET',
      path: `/api/predictions/preview?${query(prepared[n % prepared.length]!)}`,
      investor: n,
    }),
  },
  {
    name: 'generatePrepared',
    label: 'POST /api/predictions/generate (prepared)',
    left: () => prepared.length * (INVESTORS - 1) - preparedAsked,
    // A new prediction each time: round k of the prepared forecasts goes to the k-th investor after the one who
    // fitted each (if this run did), so no one asks a forecast twice.
    request: () => {
      const n = preparedAsked++;
      const round = Math.floor(n / prepared.length);
      if (round >= INVESTORS - 1) throw new Error('every investor asked every prepared forecast: use fewer levels');
      const forecast = prepared[n % prepared.length]!;
      const fitter = askedBy.get(key(forecast)) ?? n % prepared.length;
      return {
        method: 'POST',
        path: '/api/predictions/generate',
        body: JSON.stringify(forecast),
        investor: fitter + round + 1,
      };
    },
  },
];
const chosen = flags.routes ? flags.routes.split(',') : ROUTES.map((r) => r.name);
const routes = ROUTES.filter((r) => chosen.includes(r.name));

interface LevelFigures extends LevelRun {
  p50Ms: number;
  meanMs: number;
  requests: number;
  cpuMsPerOp: number;
  readsPerOp: number;
  writesPerOp: number;
  bytesPerOp: number;
}

function load(route: Route, connections: number, seconds: number) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const r = route.request(n++);
          const investor = investors[r.investor % investors.length]!;
          return {
            ...request,
            method: r.method,
            path: r.path,
            body: r.body,
            headers: { Authorization: `Bearer ${investor.token}`, 'Content-Type': 'application/json' },
          };
        },
      },
    ],
  });
}

async function measureLevel(route: Route, concurrency: number): Promise<LevelFigures> {
  await load(route, concurrency, WARM_UP_SECONDS);
  const before = await idle();
  const result = await load(route, concurrency, SECONDS);
  const after = await idle();
  // Per operation: everything the server did for the requests it was sent in the measured run, answered or not.
  const ops = Math.max(1, after.requests - before.requests);
  const per = (a: number, b: number) => Math.round(((a - b) / ops) * 100) / 100;
  return {
    concurrency,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerOp: per(after.cpuMs, before.cpuMs),
    readsPerOp: per(after.reads, before.reads),
    writesPerOp: per(after.writes, before.writes),
    bytesPerOp: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

const results: Record<string, { label: string; levels: LevelFigures[]; best?: LevelFigures }> = {};
const levelRows: (string | number)[][] = [];
for (const route of routes) {
  if (route.name === 'preview' || route.name === 'generatePrepared') {
    prepared = (await forecastsOfLastClose()).map((k) => {
      const [symbol, modelId, timeFrame] = k.split('|');
      return { symbol: symbol!, modelId: modelId!, timeFrame: timeFrame! };
    });
    if (prepared.length === 0) throw new Error('no forecast of the last close is stored: run the fits route first');
  }
  const levels: LevelFigures[] = [];
  for (const concurrency of LEVELS) {
    if (!climbOn(levels)) break;
    // A generate is made once: stop before a level could run out of new ones (half again the last level's pace).
    const pace = (levels.at(-1)?.requestsPerSecond ?? 0) * (SECONDS + WARM_UP_SECONDS) * 1.5;
    if (route.left && route.left() < pace) {
      console.log(`${route.name}: ${route.left()} new requests left, too few for x${concurrency}; stopped there`);
      break;
    }
    const figures = await measureLevel(route, concurrency);
    levels.push(figures);
    levelRows.push([
      route.label,
      concurrency,
      figures.requestsPerSecond,
      figures.p50Ms,
      figures.p99Ms,
      figures.errors,
      figures.cpuMsPerOp,
      figures.readsPerOp,
      figures.writesPerOp,
    ]);
    console.log(`${route.name} x${concurrency}: ${JSON.stringify(figures)}`);
  }
  results[route.name] = { label: route.label, levels, best: bestWithinBound(levels) as LevelFigures | undefined };
}
const server = await usage();
child.disconnect();
/**
 * The concurrency an instance can take whatever its mix of routes: the highest level every route measured kept
 * within the bound (functionSettings.ts's api concurrency follows it, docs/capacity.md).
 */
const everyRouteWithin = Math.min(
  ...routes.map((r) => Math.max(0, ...results[r.name]!.levels.filter((l) => withinBound(l)).map((l) => l.concurrency))),
);

// --- Cost: per 1,000 of each operation on the api function's size, alone and on a busy instance ---
const size = { vcpu: API_SETTINGS.cpu, memoryGiB: API_SETTINGS.memoryGiB };
const costRows: (string | number)[][] = [];
const busyCost = {} as Record<HotOperation, number>;
const aloneCost = {} as Record<HotOperation, number>;
const dollars = (x: number) => `$${x.toFixed(4)}`;
for (const route of routes) {
  const { best, levels } = results[route.name]!;
  const one = levels[0]!;
  // Firestore use per operation: from the lowest level, where no run boundary or retry under contention adds to it.
  const use = { reads: one.readsPerOp, writes: one.writesPerOp };
  const alone = perThousand(operationCost({ ...use, billedSeconds: billedSecondsAlone(one.meanMs) }, size));
  const busy = best
    ? perThousand(operationCost({ ...use, billedSeconds: billedSecondsBusy(best.requestsPerSecond) }, size))
    : undefined;
  aloneCost[route.name] = alone.total / 1000;
  busyCost[route.name] = (busy ?? alone).total / 1000;
  costRows.push([
    route.label,
    best ? `${best.requestsPerSecond} at ${best.concurrency}` : `none within ${P99_BOUND_MS} ms`,
    `${one.cpuMsPerOp} / ${(best ?? one).cpuMsPerOp}`,
    use.reads,
    use.writes,
    dollars(alone.compute),
    busy ? dollars(busy.compute) : '',
    dollars(alone.requests),
    dollars(alone.firestore),
    dollars(alone.total),
    busy ? dollars(busy.total) : '',
  ]);
}

// --- A month: 1,000 investors share mostly idle instances (alone); 100,000 and 1,000,000 keep them busy ---
/** docs/model-accuracy.md: the models hit about 49% at 7 days, 46% at 30 and 40% at 90; 45% over the three. */
const HIT_RATE = 0.45;
const monthRows =
  routes.length === ROUTES.length
    ? [1_000, 100_000, 1_000_000].map((investors) => {
        const month = monthOf(investors);
        const cost = monthCost(month, investors <= 1_000 ? aloneCost : busyCost);
        const revenue = monthRevenue(month, HIT_RATE);
        return [
          investors,
          Math.round(month.paidPredictions),
          `$${cost.toFixed(2)}`,
          `$${revenue.toFixed(2)}`,
          `$${(revenue - cost).toFixed(2)}`,
          // The hit rate at which the paid predictions' revenue pays the month's operations.
          `${((cost / month.paidPredictions) * 100).toFixed(3)}%`,
        ];
      })
    : [];

const loadAverage = loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
console.log(`\nload average at the end (1, 5, 15 min): ${loadAverage}`);
console.log(`server peak RSS: ${server.maxRssMb} MB; investors: ${INVESTORS}; forecasts fitted: ${fitsAsked}`);
console.log(`highest concurrency every route kept within p99 ${P99_BOUND_MS} ms: ${everyRouteWithin}`);
console.log(
  markdownTable(
    ['route', 'concurrency', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU ms/op', 'reads/op', 'writes/op'],
    levelRows,
  ),
);
console.log(
  markdownTable(
    [
      'route',
      `best req/s within p99 ${P99_BOUND_MS} ms (at concurrency)`,
      'CPU ms/op (x1 / best)',
      'reads/op',
      'writes/op',
      'compute /1k alone',
      'compute /1k busy',
      'requests /1k',
      'Firestore /1k',
      'total /1k alone',
      'total /1k busy',
    ],
    costRows,
  ),
);
if (monthRows.length > 0) {
  console.log(
    markdownTable(
      [
        'investors',
        'paid predictions',
        'cost / month',
        `revenue at ${HIT_RATE * 100}% hits`,
        'margin',
        'break-even hit rate',
      ],
      monthRows,
    ),
  );
}
console.log(
  `written: ${writeResults('capacity', {
    url,
    loadAverage,
    flags: { levels: LEVELS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS },
    investors: INVESTORS,
    serverPeakRssMb: server.maxRssMb,
    everyRouteWithinBoundAtConcurrency: everyRouteWithin,
    prices: PRICES,
    apiSize: size,
    routes: results,
    costPerThousand: Object.fromEntries(
      routes.map((r) => [r.name, { alone: aloneCost[r.name] * 1000, busy: busyCost[r.name] * 1000 }]),
    ),
    months: monthRows,
  })}`,
);
process.exit(0);
