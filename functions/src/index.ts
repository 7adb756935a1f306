import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './http/app';
import { allowedOrigins } from './http/allowedOrigins';
import { keepPlatformBodyErrors } from './http/platformBodyErrors';
import { auth, db } from './adapters/firestore/db';
import { clockFromEnv } from './adapters/clockFromEnv';
import { createMarketDataService } from './adapters/market-data';
import { createModelPool } from './adapters/model-pool/pool';
import { stripeGatewayFromEnv } from './adapters/stripe/gateway';
import { dailyMaintenanceJob } from './jobs/dailyMaintenance';
import { maintenanceShardJob } from './jobs/maintenanceShard';
import { cloudTasksShardQueue } from './adapters/tasks/shardQueue';
import { firestoreRateLimiter } from './adapters/firestore/rateLimits';
import { firestoreProviderBudget } from './adapters/firestore/providerBudget';
import { providerBudgetFromEnv, rateLimitsFromEnv } from './adapters/rateLimitsFromEnv';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });
// Before the runtime builds its body parsers: their errors reach our error handler, answered as JSON.
keepPlatformBodyErrors();

// Built once per instance: clients, caches and worker threads are reused across requests.
const base = { db: db(), auth: auth(), clock: clockFromEnv(process.env) };
const rateLimiter = firestoreRateLimiter(base.db, rateLimitsFromEnv(process.env));
const budget = firestoreProviderBudget(base.db, rateLimiter, providerBudgetFromEnv(process.env));
const deps = {
  ...base,
  marketData: createMarketDataService({ ...base, budget }),
  payments: stripeGatewayFromEnv(),
  models: createModelPool(),
  rateLimiter,
  maintenanceQueue: cloudTasksShardQueue(),
};

export const api = onRequest(
  // CORS is the app's (http/app.ts): the SDK's own, which the emulator switches to "any origin", stays off.
  { memory: '2GiB', cpu: 2, timeoutSeconds: 120, cors: false },
  createApp({ ...deps, allowedOrigins: allowedOrigins(process.env) }),
);

const maintenance = { ...deps, queue: deps.maintenanceQueue };
export const dailyMaintenance = dailyMaintenanceJob(maintenance);
// The name is the queue's: adapters/tasks/shardQueue.ts enqueues on it.
export const maintenanceShard = maintenanceShardJob(maintenance);
