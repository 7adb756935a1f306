import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { Clock, TimeMachine } from '../domain/clock';
import type { MarketDataService } from '../domain/market-data/service';
import type { PaymentGateway } from '../adapters/stripe/gateway';
import type { ModelPool } from '../adapters/model-pool/pool';
import type { RateLimiter } from '../domain/rateLimit';
import type { CourtesyCreditCaps } from '../domain/ledger';
import type { ShardQueue } from '../domain/maintenance/runs';
import type { PushSender } from '../adapters/push/webPushSender';

/** What the HTTP layer needs from the outside world; tests build it against the emulators. */
export interface AppDeps {
  db: Firestore;
  auth: Auth;
  clock: Clock;
  /** The local stack's time machine over `clock`, from the emulator's entry only; production has none. */
  timeMachine?: TimeMachine;
  /** Built once per process: providers keep parsed files and simulated paths in memory. */
  marketData: MarketDataService;
  /** Stripe (or the sandbox of the local stack). */
  payments: PaymentGateway;
  /** Worker threads that fit the forecasting models off the request thread. */
  models: ModelPool;
  /** Per-user limits of the expensive endpoints. */
  rateLimiter: RateLimiter;
  /** The ceilings of courtesy credits (config.ts); their defaults when absent. */
  courtesyCreditCaps?: CourtesyCreditCaps;
  /** Web Push: the VAPID public key browsers subscribe with, and maintenance's sender of run summaries. */
  push: PushSender;
  /** Where daily maintenance puts its shards (Cloud Tasks). */
  maintenanceQueue: ShardQueue;
  /** Browser origins other than the app's own that may call the API (adapters/allowedOriginsFromEnv.ts); none when absent. */
  allowedOrigins?: readonly string[];
  /** Proxies in front that append to X-Forwarded-For (clientAddress.ts); none when absent: the socket's address. */
  trustedProxyHops?: number;
}
