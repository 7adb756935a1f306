import path from 'node:path';
import { APP_URL, HOST, PORTS, ROOT, SANDBOX_STRIPE_ENV, stackEnv, usesStripeSandbox } from './config';
import { startProcess } from './processes';
import { portInUse, waitFor } from './readiness';

/** Starts the Stripe sandbox unless real Stripe keys are configured; it signs webhooks to our endpoint. */
export async function startStripeSandboxProcess(): Promise<void> {
  if (!usesStripeSandbox()) return;
  startProcess('stripe sandbox', path.join(ROOT, 'node_modules/.bin/tsx'), ['tools/stripe-sandbox/main.ts'], {
    cwd: ROOT,
    env: stackEnv({
      STRIPE_SANDBOX_PORT: String(PORTS.stripeSandbox),
      STRIPE_WEBHOOK_URL: `${APP_URL}/api/payments/webhook`,
      STRIPE_WEBHOOK_SECRET: SANDBOX_STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    }),
  });
  await waitFor('The Stripe sandbox', () => portInUse(PORTS.stripeSandbox, HOST));
}
