import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushMessage } from '@stockseer/contract';
import { pushDestination, type LocalPushService, type PushDestination } from '../../domain/push/endpoint';
import { isPublicAddress } from './publicAddress';
import type { VapidKeys } from './vapid';

/**
 * Sends Web Push messages (RFC 8030) with the `web-push` library: it encrypts the payload for the device
 * (aes128gcm, RFC 8291) and signs the request with our VAPID key (RFC 8292). The request itself goes out with Node's
 * https, only to a push service's host (domain/push/endpoint.ts), only to an address checked public when it is sent
 * (a name can be made to resolve anywhere), connecting to that very address (never a second lookup a name's owner
 * could answer otherwise), and follows no redirect. The local stack's push services are plain http on loopback.
 */

/** Where a device's pushes go, and its keys (the browser's PushSubscription). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What the push service said: taken, gone for good (404 or 410: the subscription must be deleted), or failed (a
 * refused endpoint or address among them: kept, since it says nothing of the subscription).
 */
export type Delivery =
  { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; status: number | null; reason: string };

export interface PushSender {
  /** The public key browsers subscribe with (GET /api/push/subscriptions answers it). */
  publicKey(): string;
  /** Whether a push may be sent to `endpoint` at all (a push service's host, or the local stack's push service). */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, message: PushMessage): Promise<Delivery>;
}

/** A day: a summary not delivered by then is stale (the next run's replaces it). */
const TTL_SECONDS = 24 * 60 * 60;
/** One push service's answer may take this long; a shard never waits on one device longer. */
export const SEND_TIMEOUT_MS = 10_000;
/** A VAPID signature is valid for 12 hours (at most 24 by RFC 8292); a new one is made an hour before it ends. */
const SIGNATURE_HOURS = 12;
const RESIGN_BEFORE_MS = 60 * 60_000;

/** A host's addresses, as a name lookup answers them. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;
const resolveHost: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

interface SenderSettings {
  publicKey: () => string;
  vapid: () => VapidKeys;
  /** The local stack's push services, which only the emulator's entry hands in. */
  localPushService?: LocalPushService;
  resolve?: ResolveHost;
}

/**
 * A sender for the keys `vapid` reads, at the first send (settings exist only at run time); `publicKey` alone is what
 * the API reads, which is not given the private key.
 */
export function webPushSender({
  publicKey,
  vapid,
  localPushService,
  resolve = resolveHost,
}: SenderSettings): PushSender {
  // Connections to a push service are kept and reused: each was opened to an address checked public.
  const agent = new Agent({ keepAlive: true });
  // One signature per push service and period, not one per message: signing costs more than encrypting.
  const signatures = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = ({ url, host, local }: PushDestination) => {
    const audience = local ? url.origin : `https://${host}`;
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
    accepts: (endpoint) => pushDestination(endpoint, localPushService) !== null,

    async send(target, message) {
      const destination = pushDestination(target.endpoint, localPushService);
      if (!destination) return { outcome: 'failed', status: null, reason: 'refused: not a push service' };
      // Outside the try: keys missing from the settings fail the shard loudly, not each push quietly.
      const authorization = authorizationFor(destination);
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
      let address: PinnedAddress | null = null;
      if (!destination.local) {
        try {
          const addresses = await resolve(destination.host);
          // Every address the name has, not only the one used: the name's owner chooses which one a client takes.
          if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
            return { outcome: 'failed', status: null, reason: 'refused: not a public address' };
          }
          address = addresses[0]!;
        } catch (error) {
          return { outcome: 'failed', status: null, reason: errorKind(error) };
        }
      }
      let status: number;
      try {
        status = await post(destination, request, address ? { agent, lookup: pinnedTo(address) } : null);
      } catch (error) {
        // The error's own text may hold the endpoint: only its kind is reported.
        return { outcome: 'failed', status: null, reason: errorKind(error) };
      }
      if (status >= 200 && status < 300) return { outcome: 'sent' };
      if (status === 404 || status === 410) return { outcome: 'gone' };
      // A redirect among them: a push service never answers one, and it is not followed.
      return { outcome: 'failed', status, reason: `HTTP ${status}` };
    },
  };
}

type PinnedAddress = { address: string; family: number };

/** Connects to the address checked, whatever a new lookup of the name would answer. */
const pinnedTo =
  ({ address, family }: PinnedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * POSTs the push, over https to the pinned address, or plain http to the local stack's push service; answers the
 * status, never following a redirect (Node's http follows none).
 */
function post(
  destination: PushDestination,
  request: webpush.RequestDetails,
  pinned: { agent: Agent; lookup: LookupFunction } | null,
): Promise<number> {
  const { url, host, port, local } = destination;
  // The normalised name (no trailing dot), with the port when it is not https's own.
  const headers = { ...request.headers, Host: local ? url.host : host };
  const options = { method: 'POST', path: `${url.pathname}${url.search}`, headers };
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    const answered = (response: IncomingMessage) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    };
    const sent = pinned
      ? httpsRequest({ ...options, host, port, servername: host, ...pinned, signal }, answered)
      : httpRequest({ ...options, host, port, signal }, answered);
    sent.on('error', reject);
    sent.end(request.body);
  });
}

/** `TimeoutError`, `ECONNREFUSED`: what went wrong, without the address it went wrong at. */
function errorKind(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown; name?: unknown } };
  // A request aborted at the deadline (code ABORT_ERR) has the signal's reason as its cause: a TimeoutError.
  if (cause?.name === 'TimeoutError') return 'TimeoutError';
  if (typeof code === 'string') return code;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown';
}
