import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IdempotencyKeys } from './idempotency';
import { Charges } from './charges';
import { PaymentIntents } from './payment-intents';
import { createRequestHandler } from './routes';
import { Webhooks } from './webhooks';

export interface StripeSandboxOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host?: string;
  /** Where `payment_intent.succeeded` is posted; without it events are only listed at /sandbox/events. */
  webhookUrl?: string;
  /** The endpoint secret (`whsec_…`) the receiver verifies signatures with. */
  webhookSecret: string;
  /** Pauses before each retry of a failed webhook delivery; the default spreads four retries over about 40 s. */
  webhookRetryDelaysMs?: readonly number[];
  /** Webhook deliveries and unexpected errors; silent by default so that tests stay quiet. */
  log?: (line: string) => void;
}

export interface StripeSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A Stripe-compatible API for the local stack and tests: point the real SDK at it with
 * `new Stripe('sk_test_…', { host: '127.0.0.1', port, protocol: 'http' })`. State lives in memory.
 */
export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const webhooks = new Webhooks({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 3_000, 9_000, 27_000],
    log,
  });
  const handler = createRequestHandler({
    intents: new PaymentIntents(),
    charges: new Charges(),
    webhooks,
    idempotencyKeys: new IdempotencyKeys(),
    log,
  });
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: async () => {
      webhooks.close();
      // Keep-alive sockets from the SDK would otherwise hold `close` open for seconds.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
