/**
 * `npm run bench:maintenance` (issue 13): daily maintenance at scale on a fresh local stack. Each scenario seeds due
 * predictions at a time-machine date of its own (tools/testing/duePredictions.ts: the ledger's own rules, stored as
 * the app stores them), triggers maintenance through its real trigger (`POST /api/admin/check-predictions` as the
 * demo admin, through Hosting; a 202 is followed on `GET /api/admin/maintenance-runs/{id}`), and waits until every
 * seeded prediction is resolved. Then it checks the ledger invariants of every seeded wallet and that each paid
 * prediction was settled exactly once.
 *
 *   spread   N due over M wallets (--due, --wallets; 5,000 over 500)
 *   single   K due on one wallet (--single; 1,000)
 *   overlap  two triggers at once (--overlap-due over --overlap-wallets; 1,000 over 100): one run, settled once
 *   push     one due prediction on each of --push-subscribers wallets (2,000), each with a device subscribed to a push
 *            service this bench runs on loopback (tools/testing/pushService.ts: it checks each push's VAPID signature
 *            and decrypts it): the run's summaries, pushes per second from the first to the last received, none twice
 *
 *   aged     --aged-wallets wallets (500) with --aged-lines old lines each (20,200: a scenario each), audited once
 *            (their checkpoints), then --aged-due due each (10): the night's reads per settled prediction do not
 *            depend on the age of the accounts
 *
 * Every scenario prints the run's Firestore reads and writes, in all, per settled prediction and per step, as the
 * stack's functions counted them (functions/src/emulator/firestoreUsage.ts); they do not depend on the machine's load.
 * `--only spread,single` picks scenarios; `--only push --push-subscribers 200` checks the push scenario in a minute or
 * two (its figures are those of a small run). Loopback only; bounded by the counts and --timeout (seconds, 600).
 * Figures are those of the emulators on this machine (2 cores shared), not of Cloud Functions and Firestore.
 */
import { parseArgs } from 'node:util';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { Wallet, type MaintenanceReport, type Prediction, type Transaction } from '@stockseer/contract';
import { addTradingDays } from '../../functions/src/domain/calendar';
import { fixedClock } from '../../functions/src/domain/clock';
import { checkInvariants } from '../../functions/src/domain/ledger';
import { createMarketDataService } from '../../functions/src/adapters/market-data';
import { storedLine } from '../../functions/src/adapters/firestore/storedLine';
import { adminSdk } from '../../tools/lib/adminSdk';
import { emulatorSignIn } from '../../tools/lib/emulatorSignIn';
import { apiCall } from '../../tools/testing/api';
import { seedDueWallet } from '../../tools/testing/duePredictions';
import { webhooksDelivered } from '../../tools/testing/seedTopUp';
import { startPushService, type PushService } from '../../tools/testing/pushService';
import { addPushDevice } from '../../functions/src/adapters/firestore/pushDevices';
import { markdownTable, writeResults } from '../lib/report';
import { totalOf, usageBetween, usageNow, type UsageByStep } from './usage';
import { ageWallets } from './aged';
import { booksSummary } from '../../web/src/features/admin/messages';

const { values: args } = parseArgs({
  options: {
    due: { type: 'string', default: '5000' },
    wallets: { type: 'string', default: '500' },
    single: { type: 'string', default: '1000' },
    'overlap-due': { type: 'string', default: '1000' },
    'overlap-wallets': { type: 'string', default: '100' },
    'push-subscribers': { type: 'string', default: '2000' },
    'aged-wallets': { type: 'string', default: '500' },
    'aged-due': { type: 'string', default: '10' },
    'aged-lines': { type: 'string', default: '20,200' },
    only: { type: 'string', default: 'spread,single,overlap,push' },
    timeout: { type: 'string', default: '600' },
  },
});
const TIMEOUT_MS = Number(args.timeout) * 1000;
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'JPM', 'WMT', 'KO'];
const SEED_PARALLEL = 8;
const POLL_MS = 500;

/** `work` on each item, `parallel` at a time, in order; the first failure fails the whole. */
async function seedInParallel<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  parallel = SEED_PARALLEL,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const { db } = adminSdk();
const marketData = createMarketDataService({ db, clock: fixedClock(new Date().toISOString().slice(0, 10)) });
let adminToken = '';

interface Request {
  what: string;
  status: number;
  ms: number;
}
interface Outcome {
  scenario: string;
  due: number;
  wallets: number;
  wallMs: number;
  settledPerSecond: number;
  runIds: string[];
  shards: number | null;
  retries: number | null;
  failures: number | null;
  /** The nightly audit of the books, as the run reported it (docs/product.md#books-audited-every-night). */
  books: string | null;
  invariantViolations: number;
  settledTwice: number;
  neverSettled: number;
  slowestRequestMs: number;
  requests: Request[];
  /** Firestore reads and writes of the run, by step (the stack's count), and per settled prediction. */
  usage: UsageByStep;
  /** The push scenario's: summaries received, per second from the first to the last, any received twice. */
  push: { subscribers: number; received: number; perSecond: number; twice: number; rejected: number } | null;
}

async function timedCall(what: string, path: string, body?: unknown, log?: Request[]) {
  const started = performance.now();
  const res = await apiCall<unknown>(path, { token: adminToken, body });
  log?.push({ what, status: res.status, ms: Math.round(performance.now() - started) });
  return res;
}

/** A prediction date with a settled target 7 trading days later, in the provider's history; one per scenario (index). */
async function scenarioDates(index: number) {
  const bars = await marketData.barsUpTo('AAPL', new Date().toISOString().slice(0, 10), 400);
  const predictionDay = bars.at(-60 - index * 12)!.date;
  const runDay = addTradingDays(addTradingDays(predictionDay, 7), 1);
  return { predictionDay, runDay };
}

async function seed(label: string, due: number, wallets: number, predictionDay: string) {
  const origins = new Map(
    await Promise.all(
      SYMBOLS.map(async (s) => [s, (await marketData.barsUpTo(s, predictionDay, 10)).at(-1)!] as const),
    ),
  );
  const stamp = Date.now();
  const specs = Array.from({ length: wallets }, (_, w) => {
    const count = Math.floor(due / wallets) + (w < due % wallets ? 1 : 0);
    const free = Math.min(2, Math.floor(count / 5));
    const symbol = SYMBOLS[w % SYMBOLS.length]!;
    return { userId: `bench-${label}-${stamp}-${w}`, paid: count - free, free, symbol, origin: origins.get(symbol)! };
  });
  const seeded: { userId: string; predictions: Prediction[] }[] = [];
  await seedInParallel(specs, async (spec) => {
    const outcome = (i: number) => (i % 3 === 0 ? 'hit' : 'missed');
    seeded.push({ userId: spec.userId, predictions: await seedDueWallet(db, { ...spec, outcome }) });
  });
  // Each seeded top-up's webhook (a replay) lands before the run is timed, not in the middle of it.
  await webhooksDelivered();
  return seeded;
}

async function activeLeft(ids: readonly string[]): Promise<number> {
  let left = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const snaps = await db.getAll(...ids.slice(i, i + 500).map((id) => db.collection('predictions').doc(id)));
    left += snaps.filter((s) => s.get('status') === 'active').length;
  }
  return left;
}

/** The run's id from either answer: 200 (finished within the wait) or 202 (the run itself). */
const runIdOf = (body: unknown): string | undefined => {
  const b = body as { runId?: string; id?: string };
  return b.runId ?? b.id;
};

/**
 * A device for each seeded wallet's owner, subscribed to the bench's push service, the way the API adds one. One at a
 * time: the Firestore emulator locks more than Firestore does for the device list's query in that transaction, so
 * a few of them at once, though for different users, wait on each other until it aborts them ("Transaction lock
 * timeout"); one after another each takes a few tens of milliseconds.
 */
async function subscribeAll(service: PushService, userIds: string[]) {
  const now = new Date();
  const subscribe = async (uid: string) => {
    const subscription = service.subscribe().json;
    await addPushDevice(db, uid, { subscription, device: 'Bench on Linux', now });
  };
  await seedInParallel(userIds, subscribe, 1);
}

/** What the push service received: how many, how fast, and whether any endpoint got two. */
function pushFigures(service: PushService, subscribers: number): NonNullable<Outcome['push']> {
  const received = service.received();
  const spanMs = received.length > 1 ? received.at(-1)!.at - received[0]!.at : 0;
  const byEndpoint = new Map<string, number>();
  for (const push of received) byEndpoint.set(push.endpoint, (byEndpoint.get(push.endpoint) ?? 0) + 1);
  return {
    subscribers,
    received: received.length,
    perSecond: spanMs > 0 ? Math.round(((received.length - 1) / spanMs) * 1000 * 10) / 10 : 0,
    twice: [...byEndpoint.values()].filter((n) => n > 1).length,
    rejected: service.rejected().length,
  };
}

async function runScenario(
  scenario: string,
  index: number,
  due: number,
  wallets: number,
  triggers: number,
  { push, oldLines = 0 }: { push?: PushService; oldLines?: number } = {},
) {
  const { predictionDay, runDay } = await scenarioDates(index);
  console.log(`[bench] ${scenario}: seeding ${due} due predictions over ${wallets} wallets (${predictionDay})`);
  const seeded = await seed(scenario, due, wallets, predictionDay);
  if (oldLines > 0) {
    console.log(`[bench] ${scenario}: ${oldLines} old lines on each wallet, audited once`);
    await ageWallets(
      db,
      seeded.map((s) => s.userId),
      oldLines,
      (walletIds) => timedCall('full audit', '/api/admin/books/full-audit', { walletIds }),
    );
  }
  if (push)
    await subscribeAll(
      push,
      seeded.map((s) => s.userId),
    );
  const ids = seeded.flatMap((s) => s.predictions.map((p) => p.id));
  const requests: Request[] = [];
  await timedCall('set the time machine', '/api/admin/clock', { today: runDay }, requests);

  console.log(`[bench] ${scenario}: ${triggers} trigger(s) at ${runDay}`);
  const usageBefore = usageNow();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: triggers }, () =>
      timedCall('check-predictions', '/api/admin/check-predictions', {}, requests),
    ),
  );
  const runIds = [...new Set(answers.map((a) => runIdOf(a.body)).filter((id): id is string => Boolean(id)))];
  // Until the run has ended (its record, since issue 13), or else until no seeded prediction is active any more.
  let shards: number | null = null;
  let retries: number | null = null;
  let failures: number | null = null;
  let books: string | null = null;
  const finished = new Set<string>();
  for (;;) {
    for (const id of runIds) {
      if (finished.has(id)) continue;
      const detail = await timedCall('progress', `/api/admin/maintenance-runs/${id}`, undefined, requests);
      const run = detail.body as { state: string; shards: { attempts: number }[]; report: MaintenanceReport };
      if (detail.status !== 200 || !['done', 'failed'].includes(run.state)) continue;
      finished.add(id);
      shards = (shards ?? 0) + run.shards.length;
      retries = (retries ?? 0) + run.shards.reduce((n, s) => n + Math.max(0, s.attempts - 1), 0);
      failures = (failures ?? 0) + run.report.failedCount;
      books = booksSummary(run.report);
    }
    const done = runIds.length > 0 ? finished.size === runIds.length : (await activeLeft(ids)) === 0;
    if (done || performance.now() - started > TIMEOUT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const wallMs = Math.round(performance.now() - started);
  const neverSettled = await activeLeft(ids);
  // The functions write their counts 100 ms after their last call.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const usage = usageBetween(usageBefore, usageNow());

  // Every seeded wallet against its whole history. One read of all transactions, grouped here: the emulator answers
  // a per-wallet query by scanning the whole collection, which for 500 wallets takes minutes.
  const byWallet = new Map<string, Transaction[]>();
  const wanted = new Set(seeded.map((s) => s.userId));
  for (const doc of (await db.collection('transactions').get()).docs) {
    const walletId = doc.get('walletId') as string;
    if (!wanted.has(walletId)) continue;
    byWallet.set(walletId, [...(byWallet.get(walletId) ?? []), storedLine(doc)]);
  }
  const walletDocs = new Map(
    (await db.getAll(...seeded.map((s) => db.collection('wallets').doc(s.userId)))).map((snap) => [
      snap.id,
      Wallet.parse(snap.data()),
    ]),
  );
  let invariantViolations = 0;
  let settledTwice = 0;
  for (const { userId, predictions } of seeded) {
    const transactions = byWallet.get(userId) ?? [];
    const violations = checkInvariants(walletDocs.get(userId)!, transactions);
    for (const v of violations) console.error(`[bench] wallet ${userId}: ${v}`);
    invariantViolations += violations.length;
    const settles = transactions.filter((t) => t.id.startsWith('settle:'));
    // Deterministic ids make a second settlement document impossible; a second settlement would show as a wrong
    // balance above. What is counted here: paid predictions settled other than exactly once.
    const paid = predictions.filter((p) => !p.isFree);
    const settledIds = new Set(settles.map((t) => t.id.slice('settle:'.length)));
    settledTwice += settles.length - settledIds.size;
    if (neverSettled === 0 && !paid.every((p) => settledIds.has(p.id))) {
      console.error(`[bench] wallet ${userId}: ${settledIds.size} settlements for ${paid.length} paid predictions`);
      invariantViolations += 1;
    }
  }
  const outcome: Outcome = {
    scenario: triggers > 1 ? `${scenario} (${triggers} triggers)` : scenario,
    due,
    wallets,
    wallMs,
    settledPerSecond: Math.round(((due - neverSettled) / wallMs) * 1000 * 10) / 10,
    runIds,
    shards,
    retries,
    failures,
    books,
    invariantViolations,
    settledTwice,
    neverSettled,
    slowestRequestMs: Math.max(...requests.map((r) => r.ms)),
    requests: requests.filter((r) => r.what !== 'progress' || r.ms > 2000),
    push: push ? pushFigures(push, seeded.length) : null,
    usage,
  };
  console.log(`[bench] ${scenario}: ${JSON.stringify({ ...outcome, requests: undefined })}`);
  return outcome;
}

/** Reads and writes per settled prediction, in all and step by step (each step's count over the run's settled). */
function usageTable(outcomes: Outcome[]): string {
  const steps = [...new Set(outcomes.flatMap((o) => Object.keys(o.usage)))].sort();
  const per = (n: number, o: Outcome) =>
    o.due - o.neverSettled > 0 ? (n / (o.due - o.neverSettled)).toFixed(2) : 'n/a';
  return markdownTable(
    ['scenario', 'reads', 'writes', 'reads/settled', 'writes/settled', ...steps.map((s) => `${s} r/w per settled`)],
    outcomes.map((o) => {
      const total = totalOf(o.usage);
      return [
        o.scenario,
        total.reads,
        total.writes,
        per(total.reads, o),
        per(total.writes, o),
        ...steps.map((s) => (o.usage[s] ? `${per(o.usage[s].reads, o)} / ${per(o.usage[s].writes, o)}` : '0 / 0')),
      ];
    }),
  );
}

async function main() {
  adminToken = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  const wanted = new Set(args.only.split(','));
  const outcomes: Outcome[] = [];
  try {
    if (wanted.has('spread')) outcomes.push(await runScenario('spread', 0, Number(args.due), Number(args.wallets), 1));
    if (wanted.has('single')) outcomes.push(await runScenario('single', 1, Number(args.single), 1, 1));
    if (wanted.has('overlap')) {
      const due = Number(args['overlap-due']);
      outcomes.push(await runScenario('overlap', 2, due, Number(args['overlap-wallets']), 2));
    }
    if (wanted.has('aged')) {
      const [wallets, dueEach] = [Number(args['aged-wallets']), Number(args['aged-due'])];
      for (const [i, lines] of args['aged-lines'].split(',').map(Number).entries()) {
        const scenario = `aged ${lines} lines`;
        // Later market dates than every other scenario's (a negative index), in the order they run: the audit checks
        // the wallets written since the last run, on the market's clock, and a time machine set back hides them.
        outcomes.push(await runScenario(scenario, -1 - i, wallets * dueEach, wallets, 1, { oldLines: lines }));
      }
    }
    if (wanted.has('push')) {
      const service = await startPushService();
      const subscribers = Number(args['push-subscribers']);
      try {
        outcomes.push(await runScenario('push', 3, subscribers, subscribers, 1, { push: service }));
      } finally {
        await service.close();
      }
    }
  } finally {
    await apiCall('/api/admin/clock', { token: adminToken, body: { today: null } });
  }

  console.log(
    `\n${markdownTable(
      [
        'scenario',
        'due',
        'wallets',
        'wall s',
        'settled/s',
        'runs',
        'shards',
        'retries',
        'failures',
        'invariant violations',
        'settled twice',
        'left active',
        'slowest request s',
        'pushes',
        'pushes/s',
      ],
      outcomes.map((o) => [
        o.scenario,
        o.due,
        o.wallets,
        (o.wallMs / 1000).toFixed(1),
        o.settledPerSecond,
        o.runIds.length,
        o.shards ?? 'n/a',
        o.retries ?? 'n/a',
        o.failures ?? 'n/a',
        o.invariantViolations,
        o.settledTwice,
        o.neverSettled,
        (o.slowestRequestMs / 1000).toFixed(1),
        o.push ? `${o.push.received} of ${o.push.subscribers}` : 'n/a',
        o.push?.perSecond ?? 'n/a',
      ]),
    )}\n`,
  );
  console.log(`\n${usageTable(outcomes)}\n`);
  const file = writeResults(`maintenance-${new Date().toISOString().replace(/[:.]/g, '-')}`, { args, outcomes });
  console.log(`[bench] results: ${file}`);
  const pushedBadly = (o: Outcome) => o.push !== null && (o.push.twice > 0 || o.push.rejected > 0);
  const bad = outcomes.some(
    (o) => o.invariantViolations > 0 || o.settledTwice > 0 || o.neverSettled > 0 || pushedBadly(o),
  );
  process.exit(bad ? 1 : 0);
}

await main();
