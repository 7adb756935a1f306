/**
 * The local stack, offline: the preinstalled Firestore emulator (with firestore.rules), firebase-tools for Auth,
 * Functions and Hosting, the Stripe sandbox, and seeded demo data. One script for `npm start`, `npm run dev` and
 * the tests (docs/architecture.md#local-stack).
 *
 *   tsx tools/stack/main.ts start            build, bring everything up, seed, serve http://127.0.0.1:5000
 *   tsx tools/stack/main.ts dev              the same plus Vite with hot reload on http://127.0.0.1:5173
 *   tsx tools/stack/main.ts exec -- CMD...   bring everything up, run CMD against it, tear down, exit with CMD's code
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  APP_URL,
  HOST,
  PORTS,
  PROJECT_ID,
  ROOT,
  PREINSTALLED_FIRESTORE_EMULATOR,
  hasPreinstalledFirestore,
  blockedPorts,
  stackEnv,
  stackTempDir,
  webBuildEnv,
} from './config';
import { LOG_DIR, logOutput, quietLogs, startProcess, stopAll, waitForExit } from './processes';
import { auditLogs } from './logAudit';
import { httpOk, portInUse, waitFor } from './readiness';
import { startStripeSandboxProcess } from './stripe';
import { WEB_DIST, firebaseConfigPath } from './firebaseConfig';
import { resolveMarketData } from './marketDataDir';
import { writeFunctionsConfig } from './functionsConfig';
import { firebaseToolsEnv } from './firebaseToolsEnv';
import { copyWithoutRequests, logsRequests } from './requestLog';
import { systemClock } from '../../functions/src/domain/clock';
import { EMULATOR_BANNER } from '../../functions/build.mjs';

const [mode, ...rest] = process.argv.slice(2);
const command = rest[0] === '--' ? rest.slice(1) : rest;

function fail(message: string): never {
  console.error(`\n[stack] ${message}\n`);
  process.exit(1);
}

function loadEnvFile() {
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

function preflight(useOwnFirestore: boolean) {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    fail(
      'Java is missing: the Firestore emulator needs a Java runtime (17 or newer). ' +
        'Install it (Debian: apt-get install openjdk-17-jre-headless) and try again.',
    );
  }
  if (useOwnFirestore) {
    console.warn(
      `[stack] ${PREINSTALLED_FIRESTORE_EMULATOR} not found: falling back to firebase-tools' own Firestore ` +
        'emulator (it needs Java 21 and downloads its jar, so this machine needs internet once).',
    );
  }
}

/** MARKET_DATA_DIR made absolute (the emulator's functions run elsewhere) and "today" pinned to the data's end. */
function prepareMarketData() {
  const setup = resolveMarketData(process.env, ROOT, systemClock.today());
  if (setup.kind === 'none') return;
  if (setup.kind === 'missing') fail(setup.message);
  process.env.MARKET_DATA_DIR = setup.dir;
  if (setup.pinToday) process.env.STOCKSEER_TODAY = setup.pinToday;
  if (setup.notice) console.log(`[stack] ${setup.notice}`);
}

/** The functions' params and secrets, the Functions emulator's way (functionsConfig.ts): a bad or missing one stops here. */
function prepareFunctionsConfig() {
  try {
    writeFunctionsConfig(stackEnv());
  } catch (error) {
    fail(`The functions' settings: ${(error as Error).message}`);
  }
}

async function ensurePortsFree() {
  const blocked = blockedPorts();
  if (blocked.length > 0) {
    fail(
      `STACK_PORT_OFFSET=${process.env.STACK_PORT_OFFSET} puts ${blocked.map(([n, p]) => `${n} on ${p}`).join(', ')}, which browsers refuse: pick another offset.`,
    );
  }
  for (const [name, port] of Object.entries(PORTS)) {
    if (name === 'vite' && mode !== 'dev') continue;
    if (await portInUse(port, HOST)) {
      fail(`Port ${port} (${name}) is already in use: is another StockSeer stack running? Stop it and try again.`);
    }
  }
}

function run(what: string, cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) fail(`${what} failed (exit ${result.status ?? result.signal}).`);
}

/** The functions' emulator build (functions/build.mjs): production's plus the time machine, which the stack needs. */
const EMULATOR_BUILD = { STOCKSEER_BUILD: 'emulator' };

/** A functions/lib built earlier must be the emulator's (its first line says so): production's has no time machine. */
function checkEmulatorBuild() {
  const bundle = path.join(ROOT, 'functions/lib/index.js');
  if (!existsSync(bundle) || !readFileSync(bundle, 'utf8').startsWith(EMULATOR_BANNER)) {
    fail(
      'functions/lib holds no emulator build of the functions (a production one, or none): build it with ' +
        '`STOCKSEER_BUILD=emulator npm run build -w functions`, or leave STACK_SKIP_BUILD unset.',
    );
  }
}

/**
 * STACK_SKIP_BUILD=1 serves what was built before; =functions builds only the web app (whose emulator URLs depend
 * on the port offset): a second stack beside a running one must not rewrite the functions/lib that one serves.
 */
function build() {
  const skip = process.env.STACK_SKIP_BUILD;
  if (skip === '1' || skip === 'functions') checkEmulatorBuild();
  if (skip === '1') return;
  console.log(skip === 'functions' ? '[stack] building the web app...' : '[stack] building functions and web app...');
  if (skip !== 'functions') {
    run('Building the functions', 'npm', ['run', 'build', '-w', 'functions'], stackEnv(EMULATOR_BUILD));
  }
  const outDir = path.relative(path.join(ROOT, 'web'), path.join(ROOT, WEB_DIST));
  run('Building the web app', 'npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir], stackEnv(webBuildEnv()));
}

async function startFirestore(): Promise<void> {
  const env = stackEnv();
  const firestore = startProcess(
    'firestore',
    PREINSTALLED_FIRESTORE_EMULATOR,
    [
      'start',
      '--host',
      HOST,
      '--port',
      String(PORTS.firestore),
      '--rules',
      path.join(ROOT, 'firestore.rules'),
      '--project_id',
      PROJECT_ID,
    ],
    { env, stdio: ['ignore', 'ignore', terminalOrFile('firestore')] },
  );
  if (firestore.stderr) copyWithoutRequests(firestore.stderr, process.stderr);
  await waitFor('The Firestore emulator', () => httpOk(`http://${HOST}:${PORTS.firestore}/`));
}

/** A service's output: its log file under `exec`; else the terminal, per-request lines left out unless asked for. */
function terminalOrFile(name: string) {
  const output = logOutput(name);
  return output === 'inherit' && !logsRequests(process.env) ? 'pipe' : output;
}

async function startFirebaseEmulators(useOwnFirestore: boolean): Promise<void> {
  const only = useOwnFirestore ? 'auth,functions,hosting,firestore' : 'auth,functions,hosting';
  const firebase = path.join(ROOT, 'node_modules/.bin/firebase');
  const env = {
    ...stackEnv(),
    ...firebaseToolsEnv(stackTempDir(), LOG_DIR),
    ...(useOwnFirestore ? { FIRESTORE_EMULATOR_HOST: '' } : {}),
  };
  const emulators = startProcess(
    'firebase emulators',
    firebase,
    ['emulators:start', '--only', only, '--project', PROJECT_ID, '--config', firebaseConfigPath()],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', terminalOrFile('emulators'), terminalOrFile('emulators')],
    },
  );
  if (emulators.stdout && emulators.stderr) {
    copyWithoutRequests(emulators.stdout, process.stdout);
    copyWithoutRequests(emulators.stderr, process.stderr);
  }
  // One request at a time, each given long enough to load a worker: the Functions emulator starts a new worker
  // for every request that arrives while none is ready, and a poll every 2 s on a busy machine piled up workers
  // loading at once until none finished within the limit.
  await waitFor('The API behind Hosting', () => httpOk(`${APP_URL}/api/health`, 60_000), 180_000);
}

async function main() {
  if (!['start', 'dev', 'exec'].includes(mode ?? '')) fail('usage: main.ts start | dev | exec -- COMMAND...');
  if (mode === 'exec' && command.length === 0) fail('exec needs a command after --');
  loadEnvFile();
  prepareMarketData();
  prepareFunctionsConfig();
  // Under `exec` the command's output is what matters: the services log to files under .stack/logs instead.
  if (mode === 'exec') quietLogs();
  const useOwnFirestore = !hasPreinstalledFirestore();
  preflight(useOwnFirestore);
  await ensurePortsFree();
  build();

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[stack] stopping...');
    await stopAll();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(130));
  process.on('SIGTERM', () => void shutdown(143));

  try {
    if (!useOwnFirestore) await startFirestore();
    await startStripeSandboxProcess();
    await startFirebaseEmulators(useOwnFirestore);
    run('Seeding demo data', path.join(ROOT, 'node_modules/.bin/tsx'), ['tools/seed/main.ts'], stackEnv());
  } catch (err) {
    console.error(`[stack] ${(err as Error).message}`);
    await shutdown(1);
  }

  if (mode === 'exec') {
    const [cmd, ...args] = command as [string, ...string[]];
    const child = startProcess(cmd, cmd, args, { cwd: ROOT, env: stackEnv(), detached: false });
    const code = await waitForExit(child);
    // Nothing the stack runs may call past loopback or log a secret: a finding fails the run, whatever passed.
    const findings = auditLogs(LOG_DIR);
    for (const { file, kind, what } of findings) console.error(`[stack] ${file}: ${kind}: ${what}`);
    await shutdown(code === 0 && findings.length > 0 ? 1 : code);
    return;
  }
  if (mode === 'dev') {
    startProcess('vite', 'npm', ['run', 'dev', '-w', 'web', '--', '--host', HOST, '--port', String(PORTS.vite)], {
      cwd: ROOT,
      env: stackEnv(webBuildEnv()),
    });
    console.log(`\n[stack] Vite with hot reload: http://${HOST}:${PORTS.vite}  (Ctrl-C stops everything)\n`);
  } else {
    console.log(`\n[stack] StockSeer is running: ${APP_URL}  (Ctrl-C stops everything)\n`);
  }
}

await main();
