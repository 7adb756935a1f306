import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { localVapidEnv } from './vapidKeys';

/** Where everything of the local stack listens; firebase.json holds the same ports for the Firebase emulators. */
export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PROJECT_ID = 'demo-stockseer';
export const HOST = '127.0.0.1';
/**
 * STACK_PORT_OFFSET shifts every port, so that a second stack (another engineer's checkout, a benchmark) can run
 * beside the default one. Every stack starts the emulators with its own copy of firebase.json (firebaseConfig.ts).
 */
export const PORT_OFFSET = Number(process.env.STACK_PORT_OFFSET ?? 0);
const BASE_PORTS = {
  hosting: 5000,
  functions: 5001,
  firestore: 8080,
  auth: 9099,
  hub: 4400,
  logging: 4500,
  stripeSandbox: 12111,
  tasks: 9499,
  eventarc: 9299,
  vite: 5173,
  /** The first of the ports the tests' push services take (LOCAL_PUSH_PORTS). */
  pushServices: 12200,
};
export const PORTS = Object.fromEntries(
  Object.entries(BASE_PORTS).map(([name, port]) => [name, port + PORT_OFFSET]),
) as typeof BASE_PORTS;

/** Ports browsers and Node's fetch refuse to talk to (the WHATWG "bad ports" near ours): an offset must avoid them. */
const BLOCKED_PORTS = new Set([5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
export const blockedPorts = () => Object.entries(PORTS).filter(([, port]) => BLOCKED_PORTS.has(port));

/** A temp folder of this stack's own (made on first use), for tools that find each other through the temp folder. */
export function stackTempDir(): string {
  const dir = path.join(tmpdir(), `stockseer-stack-${PORT_OFFSET}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The ports of the tests' push services (tools/testing/pushService.ts), as STOCKSEER_LOCAL_PUSH_PORTS tells the
 * emulator's functions: the only plain-http push addresses they accept, so that no subscription reaches an emulator.
 */
export const LOCAL_PUSH_PORTS = { first: PORTS.pushServices, last: PORTS.pushServices + 15 };

export const APP_URL = `http://${HOST}:${PORTS.hosting}`;
export const AUTH_EMULATOR_URL = `http://${HOST}:${PORTS.auth}`;
export const FIRESTORE_EMULATOR_HOST = `${HOST}:${PORTS.firestore}`;
export const STRIPE_SANDBOX_URL = `http://${HOST}:${PORTS.stripeSandbox}`;

/**
 * The Google Cloud SDK's Firestore emulator runs on Java 17 and needs no download (docs/architecture.md#local-stack).
 */
export const PREINSTALLED_FIRESTORE_EMULATOR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

export const hasPreinstalledFirestore = () => existsSync(PREINSTALLED_FIRESTORE_EMULATOR);

/**
 * The environment every process of the stack gets. The emulators and the Admin SDK must never probe the cloud
 * metadata server from these machines, so detection is switched off everywhere.
 */
/** The emulator's functions' Firestore reads and writes, a file per process, by step (bench:maintenance reads them). */
export const FIRESTORE_USAGE_DIR = path.join(ROOT, `.stack/firestore-usage-${PORT_OFFSET}`);

export function stackEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    METADATA_SERVER_DETECTION: 'none',
    // The Functions emulator starts a worker process per concurrent request, up to 50 by default; 50 cold starts
    // at once on a 2-core machine time out ("Failed to load function"). A few warm workers and a queue serve the
    // same load, as a few Cloud Functions instances with a concurrency of one would.
    FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '8',
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
    STOCKSEER_APP_URL: APP_URL,
    // The API answers cross-origin calls from these browser origins only (functions/src/adapters/allowedOriginsFromEnv.ts).
    STOCKSEER_ALLOWED_ORIGINS: [APP_URL, `http://${HOST}:${PORTS.vite}`].join(','),
    // The emulators append nothing to X-Forwarded-For: every entry is the caller's own (clientAddress.ts).
    TRUSTED_PROXY_HOPS: '0',
    // Cloud Tasks' caller of the maintenance shards: given, so the Admin SDK never asks the metadata server for it.
    TASKS_SERVICE_ACCOUNT: `maintenance-tasks@${PROJECT_ID}.iam.gserviceaccount.com`,
    ...(usesStripeSandbox() ? SANDBOX_STRIPE_ENV : {}),
    // The tests' push services: the emulator's functions send plain http to these ports of loopback, and no other.
    STOCKSEER_LOCAL_PUSH_PORTS: `${LOCAL_PUSH_PORTS.first}-${LOCAL_PUSH_PORTS.last}`,
    // Where the emulator's functions count their Firestore reads and writes (functions/src/emulator/firestoreUsage.ts).
    STOCKSEER_FIRESTORE_USAGE_DIR: FIRESTORE_USAGE_DIR,
    // Web Push's keys: the environment's, else the pair the stack made at its first start.
    ...localVapidEnv(),
    ...extra,
  };
}

/**
 * Stripe: real keys from the environment when given, else the sandbox that ships in tools/stripe-sandbox (whose
 * stand-in key the stack's own processes, tests among them, inherit).
 */
export const usesStripeSandbox = () =>
  (process.env.STRIPE_SECRET_KEY ?? SANDBOX_STRIPE_ENV.STRIPE_SECRET_KEY) === SANDBOX_STRIPE_ENV.STRIPE_SECRET_KEY;
export const SANDBOX_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_sandbox',
  STRIPE_WEBHOOK_SECRET: 'whsec_sandbox',
  STRIPE_API_URL: STRIPE_SANDBOX_URL,
} as const;

/** The web app's build-time configuration for the local stack: emulators and (unless real keys) the sandbox. */
export function webBuildEnv(): Record<string, string> {
  return {
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_API_KEY: process.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    VITE_AUTH_EMULATOR_URL: AUTH_EMULATOR_URL,
    ...(usesStripeSandbox()
      ? { VITE_STRIPE_SANDBOX_URL: STRIPE_SANDBOX_URL, VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox' }
      : {}),
  };
}
