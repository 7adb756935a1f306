/**
 * The functions both entries export: index.ts (production, deployed) and index.emulator.ts (the local stack's).
 * They differ only in what they hand in at start-up: the clock, and the emulator's time machine over it.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './http/app';
import { allowedOrigins } from './http/allowedOrigins';
import { keepPlatformBodyErrors } from './http/platformBodyErrors';
import { auth, db } from './adapters/firestore/db';
import type { Clock, TimeMachine } from './domain/clock';
import { createMarketDataService } from './adapters/market-data';
import { createModelPool } from './adapters/model-pool/pool';
import { stripeGatewayFromEnv } from './adapters/stripe/gateway';
import { dailyMaintenanceJob } from './jobs/dailyMaintenance';
import { maintenanceShardJob } from './jobs/maintenanceShard';
import { cloudTasksShardQueue } from './adapters/tasks/shardQueue';
import { firestoreRateLimiter } from './adapters/firestore/rateLimits';
import { firestoreProviderBudget } from './adapters/firestore/providerBudget';
import { providerBudgetFromEnv, rateLimitsFromEnv } from './adapters/rateLimitsFromEnv';

/** What an entry chooses at start-up: "today"'s clock, and the time machine over it (the local stack's only). */
export interface StartUp {
  clock: Clock;
  timeMachine?: TimeMachine;
}

/** Builds the functions once per instance: clients, caches and worker threads are reused across requests. */
export function stockseerFunctions({ clock, timeMachine }: StartUp) {
  setGlobalOptions({ region: 'us-central1', maxInstances: 10 });
  // Before the runtime builds its body parsers: their errors reach our error handler, answered as JSON.
  keepPlatformBodyErrors();

  const base = { db: db(), auth: auth(), clock };
  const rateLimiter = firestoreRateLimiter(base.db, rateLimitsFromEnv(process.env));
  const budget = firestoreProviderBudget(base.db, rateLimiter, providerBudgetFromEnv(process.env));
  const deps = {
    ...base,
    timeMachine,
    marketData: createMarketDataService({ ...base, budget }),
    payments: stripeGatewayFromEnv(),
    models: createModelPool(),
    rateLimiter,
    maintenanceQueue: cloudTasksShardQueue(),
  };

  const api = onRequest(
    // CORS is the app's (http/app.ts): the SDK's own, which the emulator switches to "any origin", stays off.
    { memory: '2GiB', cpu: 2, timeoutSeconds: 120, cors: false },
    createApp({ ...deps, allowedOrigins: allowedOrigins(process.env) }),
  );
  const maintenance = { ...deps, queue: deps.maintenanceQueue };
  return {
    api,
    dailyMaintenance: dailyMaintenanceJob(maintenance),
    // The name is the queue's: adapters/tasks/shardQueue.ts enqueues on it.
    maintenanceShard: maintenanceShardJob(maintenance),
  };
}
