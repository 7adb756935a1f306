/**
 * TRUSTED_PROXY_HOPS: how many proxies in front of the API append to X-Forwarded-For the address they received the
 * request from, which Express's `trust proxy` takes (docs/architecture.md#request-flow). Cloud Functions' front end is
 * one (the default); the local stack's emulators append nothing (0).
 */
export const DEFAULT_TRUSTED_PROXY_HOPS = 1;
const MAX_TRUSTED_PROXY_HOPS = 5;

/** A whole number from 0 to 5 (the default when unset); anything else fails, naming the setting. */
export function trustedProxyHopsFrom(values: Readonly<Record<string, string | undefined>>): number {
  const raw = values.TRUSTED_PROXY_HOPS;
  if (raw === undefined || raw === '') return DEFAULT_TRUSTED_PROXY_HOPS;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_TRUSTED_PROXY_HOPS) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS}, not "${raw}"`);
  }
  return hops;
}
