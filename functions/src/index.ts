import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './http/app';
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

export const api = onRequest({ memory: '2GiB', cpu: 2, timeoutSeconds: 120 }, createApp(deps));

const maintenance = { ...deps, queue: deps.maintenanceQueue };
export const dailyMaintenance = dailyMaintenanceJob(maintenance);
// The name is the queue's: adapters/tasks/shardQueue.ts enqueues on it.
export const maintenanceShard = maintenanceShardJob(maintenance);
