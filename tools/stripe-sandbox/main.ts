import { startStripeSandbox } from './server';

// The Stripe sandbox as a process for the local stack: `npx tsx tools/stripe-sandbox/main.ts`.
const port = Number(process.env.STRIPE_SANDBOX_PORT ?? 12111);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL || undefined;

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`STRIPE_SANDBOX_PORT must be a port number, got "${process.env.STRIPE_SANDBOX_PORT}"`);
  process.exit(1);
}

startStripeSandbox({
  port,
  webhookUrl,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || 'whsec_sandbox',
  log: (line) => console.log(`[stripe-sandbox] ${line}`),
}).then(
  (sandbox) => {
    console.log(`[stripe-sandbox] listening on ${sandbox.url}, webhooks to ${webhookUrl ?? '(none)'}`);
    const stop = () => void sandbox.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    console.error('[stripe-sandbox] could not start:', error);
    process.exit(1);
  },
);
