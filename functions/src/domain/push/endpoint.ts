/**
 * Where the server may send a push (docs/product.md#web-push): only to the push services browsers use, so that a
 * subscription can never make daily maintenance call anything else (a cloud metadata address, a private host, the
 * stack's own emulators). Checked on the host as WHATWG URL parsing normalises it (case folded, IDNs as punycode,
 * every IPv4 spelling as dotted decimal), its one trailing dot removed. The address it resolves to is checked too,
 * at each send (adapters/push/publicAddress.ts).
 */

/** Google FCM (Chrome, Edge, Opera, Samsung Internet), Mozilla autopush, Apple (Safari), Microsoft WNS. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com'];
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/**
 * The local stack's push services (tools/testing/pushService.ts): plain http on 127.0.0.1, on ports of a range the
 * stack keeps for them. Only the emulator's entry hands one in (src/emulator/localPushService.ts): production has none.
 */
export interface LocalPushService {
  firstPort: number;
  lastPort: number;
}

/** Where a push to an endpoint goes: a push service's host on 443, or the local stack's push service. */
export interface PushDestination {
  url: URL;
  /** The normalised host name to resolve and to name in TLS and `Host`. */
  host: string;
  port: number;
  /** The local stack's push service: plain http to 127.0.0.1, nothing to resolve. */
  local: boolean;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The destination of `endpoint`, or null when the server must not send there. */
export function pushDestination(endpoint: string, localPushService?: LocalPushService): PushDestination | null {
  if (!URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  if (url.username || url.password) return null;
  if (localPushService && url.protocol === 'http:' && url.hostname === '127.0.0.1') {
    const port = Number(url.port);
    const inRange = port >= localPushService.firstPort && port <= localPushService.lastPort;
    return inRange ? { url, host: url.hostname, port, local: true } : null;
  }
  // https on its default port: WHATWG parsing leaves `port` empty for 443, written or not.
  if (url.protocol !== 'https:' || url.port !== '') return null;
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  const labels = host.split('.');
  // Every label a DNS name's (none empty: "a..b", "b.."). An IP literal matches no push service's name below.
  if (!labels.every((label) => LABEL.test(label))) return null;
  const known =
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`) && host.length > domain.length + 1);
  return known ? { url, host, port: 443, local: false } : null;
}

/** `first-last` (STOCKSEER_LOCAL_PUSH_PORTS), two ports in order; anything else fails, saying what it must be. */
export function localPushServiceFrom(ports: string): LocalPushService {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(ports);
  const [firstPort, lastPort] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || firstPort < 1 || lastPort > 65535 || firstPort > lastPort) {
    throw new Error(`The local push service's ports must be "first-last" (e.g. 12200-12215), not "${ports}"`);
  }
  return { firstPort, lastPort };
}
