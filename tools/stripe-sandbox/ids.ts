import { randomBytes } from 'node:crypto';

let issued = 0;

/**
 * A Stripe-looking id such as `pi_…` or `evt_…`: the counter orders ids in logs, the random tail keeps ids of two
 * sandbox runs apart, so a test that restarts the sandbox cannot meet a stale id.
 */
export function newId(prefix: string): string {
  issued += 1;
  return `${prefix}_${issued.toString(36).padStart(6, '0')}${randomAlphanumeric(9)}`;
}

/** Stripe's `pi_…_secret_…`: it lets a browser holding only a publishable key act on this one intent. */
export function newClientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${randomAlphanumeric(18)}`;
}

// Stripe ids are alphanumeric; base64url's `-` and `_` would break the `_secret_` split that clients rely on.
function randomAlphanumeric(bytes: number): string {
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
}

/** Stripe stamps objects (`created`) and webhook signatures (`t=`) in whole Unix seconds. */
export function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
