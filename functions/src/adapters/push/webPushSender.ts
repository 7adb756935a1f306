import webpush from 'web-push';
import type { PushMessage } from '@stockseer/contract';
import type { VapidKeys } from './vapid';

/**
 * Sends Web Push messages (RFC 8030) with the `web-push` library: it encrypts the payload for the device
 * (aes128gcm, RFC 8291) and signs the request with our VAPID key (RFC 8292); the request itself goes out with
 * Node's fetch, which has a deadline, reuses connections to a push service, and can also reach the plain-http push
 * service that tests run on loopback (the library's own sender speaks https only).
 */

/** Where a device's pushes go, and its keys (the browser's PushSubscription). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the push service said: taken, gone for good (404 or 410: the subscription must be deleted), or failed. */
export type Delivery =
  { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; status: number | null; reason: string };

export interface PushSender {
  /** The public key browsers subscribe with (GET /api/push/subscriptions answers it). */
  publicKey(): string;
  send(target: PushTarget, message: PushMessage): Promise<Delivery>;
}

/** A day: a summary not delivered by then is stale (the next run's replaces it). */
const TTL_SECONDS = 24 * 60 * 60;
/** One push service's answer may take this long; a shard never waits on one device longer. */
export const SEND_TIMEOUT_MS = 10_000;
/** A VAPID signature is valid for 12 hours (at most 24 by RFC 8292); a new one is made an hour before it ends. */
const SIGNATURE_HOURS = 12;
const RESIGN_BEFORE_MS = 60 * 60_000;

/**
 * A sender for the keys `vapid` reads, at the first send (settings exist only at run time); `publicKey` alone is what
 * the API reads, which is not given the private key.
 */
export function webPushSender({ publicKey, vapid }: { publicKey: () => string; vapid: () => VapidKeys }): PushSender {
  // One signature per push service and period, not one per message: signing costs more than encrypting.
  const signatures = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = signatures.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const keys = vapid();
    const expiresAt = Math.floor(now / 1000) + SIGNATURE_HOURS * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    signatures.set(audience, { authorization: Authorization, renewAt: expiresAt * 1000 - RESIGN_BEFORE_MS });
    return Authorization;
  };

  return {
    publicKey,

    async send(target, message) {
      // Outside the try: keys missing from the settings fail the shard loudly, not each push quietly.
      const authorization = authorizationFor(target.endpoint);
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(target, JSON.stringify(message), {
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          headers: { Authorization: authorization },
        });
      } catch (error) {
        // Keys no device could have made (not a point of the curve): nothing to send, whatever is tried.
        return { outcome: 'failed', status: null, reason: `not encrypted: ${errorKind(error)}` };
      }
      // fetch counts the body's length itself, and takes header values as strings.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body && new Uint8Array(request.body),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        // The error's own text may hold the endpoint: only its kind is reported.
        return { outcome: 'failed', status: null, reason: errorKind(error) };
      }
      await response.body?.cancel();
      if (response.ok) return { outcome: 'sent' };
      if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
      return { outcome: 'failed', status: response.status, reason: `HTTP ${response.status}` };
    },
  };
}

/** `TimeoutError`, `ECONNREFUSED`: what went wrong, without the address it went wrong at. */
function errorKind(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown';
}
