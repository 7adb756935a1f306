import { createHash } from 'node:crypto';
import type { Request } from 'express';

/**
 * Who a signed-out caller is, for its limits: the address the platform's front end saw, never one the caller wrote.
 * Each proxy in front appends the address it received the request from to X-Forwarded-For, after whatever the caller
 * sent; with Express's `trust proxy` set to exactly the number of those proxies, `req.ip` is the address the first of
 * them appended. Cloud Functions' front end is one (the default); the local stack's emulators append nothing (0).
 */
export const DEFAULT_TRUSTED_PROXY_HOPS = 1;
const MAX_TRUSTED_PROXY_HOPS = 5;

/** TRUSTED_PROXY_HOPS: a whole number from 0 to 5 (the default when unset); anything else fails, naming it. */
export function trustedProxyHopsFrom(values: Readonly<Record<string, string | undefined>>): number {
  const raw = values.TRUSTED_PROXY_HOPS;
  if (raw === undefined || raw === '') return DEFAULT_TRUSTED_PROXY_HOPS;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_TRUSTED_PROXY_HOPS) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS}, not "${raw}"`);
  }
  return hops;
}

/** The caller's address (`req.ip` under `trust proxy`), hashed: limited without being stored. */
export function clientKey(req: Request): string {
  const address = req.ip ?? 'unknown';
  return `client-${createHash('sha256').update(address).digest('hex').slice(0, 16)}`;
}
