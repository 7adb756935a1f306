import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from './server';

// Helpers for this folder's tests: the sandbox with the real SDK pointed at it, the browser's card form, and a
// webhook endpoint that records what it receives.

export const webhookSecret = 'whsec_test_sandbox';
export const publishableKey = 'pk_test_sandbox';
export const appOrigin = 'http://127.0.0.1:5173';

export async function startSandboxWithClient(options: Partial<StripeSandboxOptions> = {}) {
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret, ...options });
  return { sandbox, stripe: stripeClient(sandbox, 'sk_test_sandbox') };
}

export function stripeClient(sandbox: StripeSandbox, key: string): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
}

/** What the sandbox card form sends: Stripe.js's confirm shape, with the raw test card number. */
export function confirmFromBrowser(
  sandbox: StripeSandbox,
  intent: { id: string; client_secret: string | null },
  cardNumber: string,
): Promise<Response> {
  const body = new URLSearchParams({
    key: publishableKey,
    client_secret: intent.client_secret ?? '',
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': cardNumber,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': '123',
  });
  return fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { Origin: appOrigin },
    body,
  });
}

export interface Delivery {
  signature: string;
  body: string;
}

/** A webhook endpoint that answers with `statuses` in turn (then 200) and keeps every request. */
export async function startWebhookReceiver(statuses: number[] = []) {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        signature: String(request.headers['stripe-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    deliveries,
    /** Resolves once `count` deliveries have arrived. */
    received: (count: number) => waitUntil(() => deliveries.length >= count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('timed out waiting for webhook deliveries');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
