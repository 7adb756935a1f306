import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, getApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { systemClock, type Clock } from '../src/domain/clock';
import type { MarketDataService } from '../src/domain/market-data/service';
import { FIRESTORE_SETTINGS } from '../src/adapters/firestore/db';
import { createMarketDataService } from '../src/adapters/market-data';
import type { ModelPool } from '../src/adapters/model-pool/pool';
import { stripeGatewayAtFirstUse, type PaymentGateway } from '../src/adapters/stripe/gateway';
import { stripeSettingsFrom } from '../src/adapters/stripe/client';
import { FaultProxy } from '../../tools/testing/faultProxy';
import { db as directDb } from './payments.testkit';
import { createApp } from '../src/http/app';
import { firestoreRateLimiter } from '../src/adapters/firestore/rateLimits';
import { DEFAULT_RATE_LIMITS } from '../src/domain/rateLimit';
import { testPushSender } from './push.testkit';

// The real API in the test process, with the real adapters, whose Firestore goes through a FaultProxy to the
// stack's emulator: the test can cut the database away from this API while it works, and look at the emulator
// directly (through `directDb`) all along.

export { directDb };
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-stockseer';
let apps = 0;

export interface FaultyApi {
  url: string;
  proxy: FaultProxy;
  /** Runs `action` once, when the next model fit starts. */
  onNextFit(action: () => void): void;
  post(path: string, init: { token?: string; body: string; headers?: Record<string, string> }): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  body: { message?: string } & Record<string, unknown>;
  ms: number;
}

/**
 * The Admin SDK's Firestore as production configures it (FIRESTORE_SETTINGS), talking to `host`. The SDK reads
 * FIRESTORE_EMULATOR_HOST when the instance is made and configured, so it is pointed at the proxy just for that.
 */
function firestoreAt(host: string, name: string): Firestore {
  const stackHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, name));
    db.settings(FIRESTORE_SETTINGS);
    return db;
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = stackHost;
  }
}

export async function startFaultyApi(
  models: ModelPool,
  options: { marketData?: (db: Firestore, clock: Clock) => MarketDataService; payments?: PaymentGateway } = {},
): Promise<FaultyApi> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  if (!host || !port) throw new Error('Run through the local stack: it sets FIRESTORE_EMULATOR_HOST');
  const proxy = await FaultProxy.start({ host, port: Number(port) });
  const name = `faults-${apps++}`;
  const db = firestoreAt(proxy.address, name);
  const clock = systemClock;
  let fitHook: (() => void) | undefined;
  const app = createApp({
    db,
    // Tokens are checked against the Auth emulator directly: only the database is cut.
    auth: getAuth(getApp()),
    clock,
    marketData:
      options.marketData?.(db, clock) ?? createMarketDataService({ db, clock }, { MARKET_DATA_PROVIDER: 'demo' }),
    payments: options.payments ?? stripeGatewayAtFirstUse(() => stripeSettingsFrom(process.env)),
    rateLimiter: firestoreRateLimiter(db, DEFAULT_RATE_LIMITS),
    // The fault tests never run maintenance, nor push.
    push: testPushSender(),
    maintenanceQueue: { enqueue: () => Promise.reject(new Error('no maintenance queue in the fault tests')) },
    models: {
      ...models,
      forecast: (modelId, input) => {
        const hook = fitHook;
        fitHook = undefined;
        const fit = models.forecast(modelId, input);
        hook?.();
        return fit;
      },
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    proxy,
    onNextFit(action) {
      fitHook = action;
    },
    async post(path, { token, body, headers }) {
      const started = Date.now();
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body,
      });
      return { status: res.status, body: (await res.json()) as ApiAnswer['body'], ms: Date.now() - started };
    },
    async close() {
      // Firestore finishes its pending calls before it closes: they need the database.
      proxy.up();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await deleteApp(getApp(name));
      await proxy.close();
    },
  };
}

/** Polls `check` until it holds; for what the emulator shows while the API under test is cut off from it. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
