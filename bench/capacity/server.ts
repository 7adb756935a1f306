/**
 * The api app alone in this one Node process, as one Cloud Functions instance runs it: `createApp` with the
 * dependencies functions/src/functions.ts builds (Firestore, Auth, the market data service behind its Firestore cache
 * and provider budget, Stripe, the model pool's worker threads, the rate limiter), against the local stack's
 * emulators. The settings come from the stack's environment, the same values functions.ts reads as params
 * (config.ts); no maintenance queue, which no hot route uses. Started by run.ts with an IPC channel; answers `usage` messages with this process's CPU time (worker
 * threads included: process.cpuUsage is the whole process), its Firestore reads and writes, and its requests.
 */
import type { AddressInfo } from 'node:net';
import { db as firestore, auth } from '../../functions/src/adapters/firestore/db';
import { systemClock } from '../../functions/src/domain/clock';
import { createApp } from '../../functions/src/http/app';
import { createMarketDataService } from '../../functions/src/adapters/market-data';
import { createModelPool } from '../../functions/src/adapters/model-pool/pool';
import { stripeGatewayAtFirstUse } from '../../functions/src/adapters/stripe/gateway';
import { stripeSettingsFrom } from '../../functions/src/adapters/stripe/client';
import { firestoreRateLimiter } from '../../functions/src/adapters/firestore/rateLimits';
import { firestoreProviderBudget } from '../../functions/src/adapters/firestore/providerBudget';
import { providerBudgetFromEnv, rateLimitsFromEnv } from '../../functions/src/adapters/rateLimitsFromEnv';
import { countFirestoreUsage } from './firestoreUsage';
import { webPushSender } from '../../functions/src/adapters/push/webPushSender';
import { vapidKeysFrom } from '../../functions/src/adapters/push/vapid';

export interface ServerUsage {
  cpuMs: number;
  reads: number;
  writes: number;
  /** Requests answered (the connection finished or closed), and those answered other than 2xx. */
  requests: number;
  non2xx: number;
  inFlight: number;
  maxRssMb: number;
}
export type ServerMessage = { kind: 'listening'; url: string } | { kind: 'usage'; usage: ServerUsage };

if (!process.send) throw new Error('server.ts is started by bench/capacity/run.ts, with an IPC channel');
if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run through the local stack: npm run bench:capacity');

const db = firestore();
const firestoreUsage = countFirestoreUsage(db);
const base = { db, auth: auth(), clock: systemClock };
const rateLimiter = firestoreRateLimiter(db, rateLimitsFromEnv(process.env));
const budget = firestoreProviderBudget(db, rateLimiter, providerBudgetFromEnv(process.env));
const app = createApp({
  ...base,
  marketData: createMarketDataService({ ...base, budget }),
  payments: stripeGatewayAtFirstUse(() => stripeSettingsFrom(process.env)),
  models: createModelPool(),
  rateLimiter,
  // The stack's VAPID keys (the local stack gives them to every process it runs); no hot route pushes.
  push: webPushSender({
    publicKey: () => vapidKeysFrom(process.env).publicKey,
    vapid: () => vapidKeysFrom(process.env),
  }),
  // No hot route enqueues maintenance.
  maintenanceQueue: { enqueue: () => Promise.reject(new Error('no maintenance queue in bench:capacity')) },
});

const counts = { requests: 0, non2xx: 0, inFlight: 0 };
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send!({ kind: 'listening', url: `http://127.0.0.1:${port}` } satisfies ServerMessage);
});
server.on('request', (_req, res) => {
  counts.inFlight += 1;
  let done = false;
  const answered = () => {
    if (done) return;
    done = true;
    counts.inFlight -= 1;
    counts.requests += 1;
    if (res.statusCode < 200 || res.statusCode >= 300) counts.non2xx += 1;
  };
  res.on('finish', answered);
  res.on('close', answered);
});

process.on('message', (message: { kind: string }) => {
  if (message.kind !== 'usage') return;
  const cpu = process.cpuUsage();
  const usage: ServerUsage = {
    cpuMs: (cpu.user + cpu.system) / 1000,
    ...firestoreUsage,
    ...counts,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.send!({ kind: 'usage', usage } satisfies ServerMessage);
});
// The bench's end (or its crash) ends this process too.
process.on('disconnect', () => process.exit(0));
