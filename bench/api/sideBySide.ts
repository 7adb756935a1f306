/**
 * `npm run bench:api:side-by-side -- --base REF [--rounds 6] [--seconds 10] [--only TEXT]`: this checkout's API
 * against another commit's (a git ref, or the folder of a checkout), on the same machine at the same time. Both
 * stacks run at once on ports of their own (STACK_PORT_OFFSET), and each scenario alternates between them in short
 * bursts, the order reversed every round, so that whatever else the machine does lands on both alike.
 *
 * Why not two `bench:api` runs one after the other: on this shared 2-core machine the same commit's figures moved by
 * 20 to 45% between runs minutes apart (2026-11-27, ff3cafc: the warm quote 16 and 13 ms p50, the prepared generate
 * 37 and 54 ms), more than the 10% the issues ask to tell apart.
 *
 * The base checkout is cloned from this repository into the temp folder (once per commit, `npm ci` there) unless a
 * folder is given. Each stack runs `sideBySideAccount.ts` with its own checkout's test kits: funded investors, the
 * warm caches. Reported per scenario and side: the median over rounds of p50, p99 and the mean latency; the change is
 * this checkout's against the base's. Then the p50 and p99 of every response of every round pooled, with an interval
 * for the change from rounds resampled (pooledLatency.ts): the only p99 figure here that can tell 10%, given rounds
 * enough (2026-11-27: with 6 rounds the median of the bursts' p99 moved by up to 20% with the same code on both sides).
 * `--only generate` runs the scenarios whose name holds that text, so many rounds of one fit in an hour.
 */
import { copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ROOT } from '../../tools/stack/config';
import { assertInvariant } from '../../functions/src/domain/errors';
import { median } from '../../functions/src/domain/models/series';
import { markdownTable, writeResults } from '../lib/report';
import { pooledChange } from './pooledLatency';
import { GENERATE_PATH, HISTORICAL_PATH, NEW_FORECASTS, newForecastSequence, QUOTE_PATH } from './requests';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: '' },
  },
});
const USAGE = 'usage: npm run bench:api:side-by-side -- --base REF|DIR [--rounds N] [--seconds S] [--only TEXT]';
if (!values.base) throw new Error(USAGE);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
/** Unmeasured, before each burst: the side that sat idle for the other's burst warms up again. */
const WARM_UP_SECONDS = 2;
/**
 * Unmeasured, once per scenario and side before the first round: the Functions emulator starts a worker per
 * concurrent request on first use (a few timeouts, or a p99 of seconds, in a first 5-connection burst after 2 s).
 */
const FIRST_WARM_UP_SECONDS = 10;
/** Ports of the two stacks: clear of the default stack's, so `npm start` may keep running. */
const OFFSETS = { base: 20000, head: 22000 } as const;
const READY_TIMEOUT_MS = 15 * 60_000;
const ACCOUNT_SCRIPT = 'bench/api/sideBySideAccount.ts';
/** Where the base gets this checkout's account script: the base's own copy, if it has one, may be older. */
const BASE_ACCOUNT_SCRIPT = 'bench/api/sideBySideAccount.fromHead.ts';
/**
 * Investors per side: each may ask for each of NEW_FORECASTS once a day (one forecast, one charge), and a repeated
 * forecast answers from the existing prediction, a path 4 times faster that would pass for the fit. (The other way a
 * generate skips its fit, a forecast of the day another investor asked for, is closed by clearing those before each
 * round's generates.) A fitting generate takes over 60 ms here; at most 20 a second is a bound with room.
 */
const MAX_GENERATES_PER_SECOND = 20;

interface Scenario {
  name: string;
  path: string;
  connections: number;
  /** Each request's body, on its side's own sequence (a POST). */
  generates?: boolean;
}
const ALL_SCENARIOS: Scenario[] = [
  { name: 'GET /api/stocks/{symbol} (warm)', path: QUOTE_PATH, connections: 1 },
  { name: 'GET /api/stocks/{symbol} (warm)', path: QUOTE_PATH, connections: 5 },
  { name: 'GET /api/predictions/historical (warm)', path: HISTORICAL_PATH, connections: 1 },
  { name: 'GET /api/predictions/historical (warm)', path: HISTORICAL_PATH, connections: 5 },
  { name: 'POST /api/predictions/generate (fits)', path: GENERATE_PATH, connections: 1, generates: true },
];
const SCENARIOS = ALL_SCENARIOS.filter((s) => s.name.includes(values.only));
if (SCENARIOS.length === 0) throw new Error(`no scenario's name holds "${values.only}"; ${USAGE}`);
/** The most seconds of generates a side may run, and one burst's margin (assertForecastsLeft asks for it). */
const generateSeconds =
  SCENARIOS.filter((s) => s.generates).length * (FIRST_WARM_UP_SECONDS + ROUNDS * (WARM_UP_SECONDS + SECONDS)) +
  SECONDS +
  1;
const INVESTORS = Math.max(1, Math.ceil((generateSeconds * MAX_GENERATES_PER_SECOND) / NEW_FORECASTS.length));

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function run(what: string, cmd: string, args: string[], cwd: string) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

/** The base's checkout: the folder given, or a clone of the commit in the temp folder, its packages installed. */
function baseCheckout(base: string): { dir: string; label: string } {
  if (existsSync(path.join(base, 'package.json'))) {
    const dir = path.resolve(base);
    return { dir, label: git(dir, 'rev-parse', '--short=8', 'HEAD') };
  }
  const sha = git(ROOT, 'rev-parse', '--verify', `${base}^{commit}`);
  const dir = path.join(tmpdir(), `stockseer-base-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, '.git'))) {
    run('Cloning the base', 'git', ['clone', '--quiet', '--no-checkout', ROOT, dir], ROOT);
    run('Checking out the base', 'git', ['checkout', '--quiet', sha], dir);
  }
  if (!existsSync(path.join(dir, 'node_modules')))
    run('npm ci in the base', 'npm', ['ci', '--no-audit', '--no-fund'], dir);
  return { dir, label: sha.slice(0, 8) };
}

interface Side {
  name: keyof typeof OFFSETS;
  label: string;
  dir: string;
  stack?: ChildProcess;
  appUrl?: string;
  /** Its investors' ID tokens: the first for the reads, each in turn for the generates. */
  tokens?: string[];
  forecasts: ReturnType<typeof newForecastSequence>;
}

/**
 * The side's next generate: a forecast its current investor has not asked for yet. Called by autocannon, where a
 * throw would escape as an uncaught exception; `assertForecastsLeft` before each burst keeps it from running out.
 */
function nextGenerate(side: Side): { token: string; body: string } {
  const investor = Math.floor(side.forecasts.asked() / NEW_FORECASTS.length);
  return { token: side.tokens![Math.min(investor, side.tokens!.length - 1)]!, body: side.forecasts.next() };
}

/** Every answer uses a forecast up, fast refusals too: a burst may ask for MAX_GENERATES_PER_SECOND a second. */
function assertForecastsLeft(side: Side, seconds: number): void {
  const left = side.tokens!.length * NEW_FORECASTS.length - side.forecasts.asked();
  assertInvariant(
    left >= (seconds + 1) * MAX_GENERATES_PER_SECOND,
    `the ${side.name} side has ${left} new forecasts left, too few for a burst of ${seconds} s: it would repeat one`,
  );
}

const workDir = path.join(tmpdir(), `stockseer-side-by-side-${process.pid}`);
mkdirSync(workDir, { recursive: true });
const stopFile = path.join(workDir, 'stop');
// Should this driver die of an uncaught error, the stacks still find the stop file and go down.
process.once('exit', () => {
  if (existsSync(workDir)) writeFileSync(stopFile, '');
});

const logFile = (side: Side) => path.join(workDir, `${side.name}.log`);
/** Where sideBySideAccount.ts writes the side's accounts; READY_FILE.clear asks it to clear the forecasts of the day. */
const readyFile = (side: Side) => path.join(workDir, `${side.name}.json`);
const logTail = (side: Side) => readFileSync(logFile(side), 'utf8').split('\n').slice(-30).join('\n');

/** Brings a side's stack up (building its checkout), and waits for its investors. */
async function startStack(side: Side): Promise<void> {
  // The base runs this checkout's script: it uses only kits every compared checkout has.
  const script = side.name === 'base' ? BASE_ACCOUNT_SCRIPT : ACCOUNT_SCRIPT;
  if (side.name === 'base') copyFileSync(path.join(ROOT, ACCOUNT_SCRIPT), path.join(side.dir, script));
  const ready = readyFile(side);
  const log = logFile(side);
  const marketData = process.env.MARKET_DATA_DIR;
  side.stack = spawn(
    'npx',
    [
      'tsx',
      'tools/stack/main.ts',
      'exec',
      '--',
      'npx',
      'tsx',
      script,
      ready,
      stopFile,
      String(INVESTORS),
      QUOTE_PATH,
      HISTORICAL_PATH,
    ],
    {
      cwd: side.dir,
      stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
      env: {
        ...process.env,
        METADATA_SERVER_DETECTION: 'none',
        STACK_PORT_OFFSET: String(OFFSETS[side.name]),
        // As bench:api: the generates of one investor pass the per-user limits (the limiter still runs).
        RATE_LIMIT_GENERATE_PER_MINUTE: '10000',
        RATE_LIMIT_MARKET_DATA_PER_MINUTE: '10000',
        ...(marketData ? { MARKET_DATA_DIR: path.resolve(ROOT, marketData) } : {}),
      },
    },
  );
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!existsSync(ready)) {
    if (side.stack.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the ${side.name} stack (${side.dir}) did not come up; its log (${log}) ends:\n${logTail(side)}`);
    }
    await sleep(1000);
  }
  Object.assign(side, JSON.parse(readFileSync(ready, 'utf8')) as { appUrl: string; tokens: string[] });
  console.log(`[side-by-side] ${side.name} (${side.label}) up at ${side.appUrl}`);
}

/** Deletes the side's forecasts of the day (sideBySideAccount.ts does, at our asking), so its next generates fit. */
async function clearForecasts(side: Side): Promise<void> {
  const request = `${readyFile(side)}.clear`;
  writeFileSync(request, '');
  const deadline = Date.now() + 60_000;
  while (existsSync(request)) {
    if (side.stack!.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the ${side.name} stack did not clear its forecasts of the day; its log ends:\n${logTail(side)}`);
    }
    await sleep(100);
  }
}

async function stopStacks(sides: Side[]): Promise<void> {
  writeFileSync(stopFile, '');
  await Promise.all(
    sides.map((side) =>
      side.stack && side.stack.exitCode === null
        ? new Promise((resolve) => side.stack!.once('exit', resolve))
        : Promise.resolve(),
    ),
  );
}

/** A burst's result, and every response time (ms) in it. */
async function burst(side: Side, s: Scenario, seconds: number) {
  if (s.generates) assertForecastsLeft(side, seconds);
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${side.appUrl}${s.path}`,
        method: s.generates ? 'POST' : 'GET',
        connections: s.connections,
        duration: seconds,
        headers: { Authorization: `Bearer ${side.tokens![0]}`, 'Content-Type': 'application/json' },
        requests: s.generates
          ? [
              {
                setupRequest: (request) => {
                  const { token, body } = nextGenerate(side);
                  return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` }, body };
                },
              },
            ]
          : undefined,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    // As autocannon's own latency figures: answers of 2xx only (a fast refusal is counted among the errors).
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  return { result, times };
}

interface Burst {
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  errors: number;
  /** Every response time, for the pooled figures; left out of the JSON. */
  times: number[];
}

const change = (base: number, head: number) => `${head >= base ? '+' : ''}${Math.round((100 * (head - base)) / base)}%`;

const base = baseCheckout(values.base);
const sides: Side[] = [
  { name: 'base', ...base, forecasts: newForecastSequence() },
  { name: 'head', dir: ROOT, label: git(ROOT, 'rev-parse', '--short=8', 'HEAD'), forecasts: newForecastSequence() },
];
/** Each scenario's bursts, per side, in the order they ran. */
const bursts = SCENARIOS.map(() => ({ base: [] as Burst[], head: [] as Burst[] }));
try {
  // One at a time: each builds its checkout first, which takes both cores.
  for (const side of sides) await startStack(side);
  for (const s of SCENARIOS) for (const side of sides) await burst(side, s, FIRST_WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const [i, s] of SCENARIOS.entries()) {
      for (const side of order) {
        if (s.generates) await clearForecasts(side);
        await burst(side, s, WARM_UP_SECONDS);
        const { result, times } = await burst(side, s, SECONDS);
        bursts[i]![side.name].push({
          times,
          p50: result.latency.p50,
          p99: result.latency.p99,
          mean: result.latency.average,
          requests: result.requests.total,
          errors: result.errors + result.timeouts + result.non2xx,
        });
      }
    }
    console.log(`[side-by-side] round ${round + 1} of ${ROUNDS} done`);
  }
} finally {
  await stopStacks(sides);
  rmSync(path.join(base.dir, BASE_ACCOUNT_SCRIPT), { force: true });
}

const rows: (string | number)[][] = [];
const pooledRows: (string | number)[][] = [];
const results: Record<string, unknown> = {};
const percent = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
for (const [i, s] of SCENARIOS.entries()) {
  const { base: b, head: h } = bursts[i]!;
  const summary = (runs: Burst[]) => ({
    p50Ms: median(runs.map((r) => r.p50)),
    p99Ms: median(runs.map((r) => r.p99)),
    meanMs: Math.round(median(runs.map((r) => r.mean)) * 100) / 100,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  });
  const [sb, sh] = [summary(b), summary(h)];
  rows.push([
    s.name,
    s.connections,
    `${sb.p50Ms} / ${sb.p99Ms} / ${sb.meanMs}`,
    `${sh.p50Ms} / ${sh.p99Ms} / ${sh.meanMs}`,
    `${change(sb.p50Ms, sh.p50Ms)} / ${change(sb.p99Ms, sh.p99Ms)} / ${change(sb.meanMs, sh.meanMs)}`,
    `${sb.requests} / ${sh.requests}`,
    sb.errors + sh.errors,
  ]);
  const paired = { base: b.map((r) => r.times), head: h.map((r) => r.times) };
  const pooled = { p50: pooledChange(paired, 0.5), p99: pooledChange(paired, 0.99) };
  pooledRows.push([
    s.name,
    s.connections,
    ...(['p50', 'p99'] as const).map((p) => {
      const { base, head, change, low, high } = pooled[p];
      return `${base.toFixed(1)} → ${head.toFixed(1)}: ${percent(change)} (${percent(low)} to ${percent(high)})`;
    }),
  ]);
  const withoutTimes = (runs: Burst[]) => runs.map(({ times: _times, ...figures }) => figures);
  results[`${s.name} x${s.connections}`] = {
    connections: s.connections,
    base: sb,
    head: sh,
    pooled,
    bursts: { base: withoutTimes(b), head: withoutTimes(h) },
  };
}

const loadAverage = loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
console.log(`load average at the end (1, 5, 15 min): ${loadAverage}`);
console.log(
  markdownTable(
    [
      'endpoint',
      'connections',
      `base ${sides[0]!.label} p50 / p99 / mean ms`,
      `this ${sides[1]!.label} p50 / p99 / mean ms`,
      'change',
      'requests',
      'errors',
    ],
    rows,
  ),
);
console.log(
  `\nEvery response of the ${ROUNDS} rounds pooled per side, ms (base → this), the change and its 95% interval over` +
    ' rounds resampled:',
);
console.log(markdownTable(['endpoint', 'connections', 'p50', 'p99'], pooledRows));
console.log(
  `written: ${writeResults('api-side-by-side', {
    base: sides[0]!.label,
    head: sides[1]!.label,
    rounds: ROUNDS,
    secondsPerBurst: SECONDS,
    loadAverage,
    scenarios: results,
  })}`,
);
rmSync(workDir, { recursive: true, force: true });
process.exit(0);
