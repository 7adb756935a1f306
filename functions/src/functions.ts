/**
 * The functions both entries export: index.ts (production, deployed) and index.emulator.ts (the local stack's).
 * They differ only in what they hand in at start-up: the clock, and the emulator's time machine over it.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2';
import { createApp } from './http/app';
import { keepPlatformBodyErrors } from './http/platformBodyErrors';
import { auth, db } from './adapters/firestore/db';
import type { Clock, TimeMachine } from './domain/clock';
import type { LocalPushService } from './domain/push/endpoint';
import { createMarketDataService } from './adapters/market-data';
import { createModelPool } from './adapters/model-pool/pool';
import { stripeGatewayAtFirstUse } from './adapters/stripe/gateway';
import { FUNCTION_SETTINGS } from './functionSettings';
import { dailyMaintenanceJob } from './jobs/dailyMaintenance';
import { maintenanceShardJob } from './jobs/maintenanceShard';
import { cloudTasksShardQueue } from './adapters/tasks/shardQueue';
import { firestoreRateLimiter } from './adapters/firestore/rateLimits';
import { firestoreProviderBudget } from './adapters/firestore/providerBudget';
import { webPushSender } from './adapters/push/webPushSender';
import {
  API_SECRETS,
  MAINTENANCE_SECRETS,
  allowedOrigins,
  courtesyCreditCaps,
  marketDataSettings,
  providerBudget,
  rateLimits,
  stripeSettings,
  tasksServiceAccount,
  trustedProxyHops,
  vapidKeys,
  vapidPublicKey,
} from './config';

/**
 * What an entry chooses at start-up: "today"'s clock, and the local stack's only: the time machine over it and the
 * push services of its tests.
 */
export interface StartUp {
  clock: Clock;
  timeMachine?: TimeMachine;
  localPushService?: LocalPushService;
}

/**
 * Builds the functions. Their dependencies are built once per instance at the first request or task, because they
 * read the settings (config.ts), which exist only at run time; clients, caches and worker threads are then reused.
 */
export function stockseerFunctions({ clock, timeMachine, localPushService }: StartUp) {
  // Each function's size and scaling are its own (FUNCTION_SETTINGS); only the region is common.
  setGlobalOptions({ region: 'us-central1' });
  // Before the runtime builds its body parsers: their errors reach our error handler, answered as JSON.
  keepPlatformBodyErrors();

  const deps = once(() => {
    const base = { db: db(), auth: auth(), clock };
    const rateLimiter = firestoreRateLimiter(base.db, rateLimits());
    const budget = firestoreProviderBudget(base.db, rateLimiter, providerBudget());
    return {
      ...base,
      timeMachine,
      marketData: createMarketDataService({ ...base, budget }, marketDataSettings()),
      payments: stripeGatewayAtFirstUse(stripeSettings),
      models: createModelPool(),
      push: webPushSender({ publicKey: vapidPublicKey, vapid: vapidKeys, localPushService }),
      rateLimiter,
      courtesyCreditCaps: courtesyCreditCaps(),
      maintenanceQueue: cloudTasksShardQueue(tasksServiceAccount),
    };
  });
  const app = once(() =>
    createApp({ ...deps(), allowedOrigins: allowedOrigins(), trustedProxyHops: trustedProxyHops() }),
  );
  const maintenance = () => ({ ...deps(), queue: deps().maintenanceQueue });

  const api = onRequest(
    // CORS is the app's (http/app.ts): the SDK's own, which the emulator switches to "any origin", stays off.
    { ...FUNCTION_SETTINGS.api, cors: false, secrets: API_SECRETS },
    (req, res) => app()(req, res),
  );
  return {
    api,
    dailyMaintenance: dailyMaintenanceJob(maintenance, { secrets: MAINTENANCE_SECRETS }),
    // The name is the queue's: adapters/tasks/shardQueue.ts enqueues on it.
    maintenanceShard: maintenanceShardJob(maintenance, { secrets: MAINTENANCE_SECRETS }),
  };
}

/** A value built at its first use, then kept. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
