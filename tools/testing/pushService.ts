import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { localPushServiceFrom } from '../../functions/src/domain/push/endpoint';

/**
 * A push service of the tests' own, on loopback: what a browser vendor's push service is to the server (RFC 8030).
 * Each subscription it hands out has a fresh P-256 key pair and authentication secret, as a browser makes them; a
 * push to it is checked as a push service would (the VAPID signature, RFC 8292), then decrypted with the
 * subscription's private key (aes128gcm, RFC 8291), which only the server's real encryption can pass. It answers 201,
 * or what a subscription was told to answer (410 for one that is gone). It listens on a port of the range the stack
 * keeps for push services (STOCKSEER_LOCAL_PUSH_PORTS), the only plain-http push addresses the functions accept.
 */

/** A subscription as PushSubscription.toJSON() gives it: what the browser sends to the API. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The endpoint it was sent to. */
  endpoint: string;
  status: number;
  /** The decrypted payload. */
  payload: string;
  /** The VAPID key that signed it (the server's public key), and the signature's audience and contact. */
  vapid: { publicKey: string; audience: string; subject: string };
  ttl: number;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface TestSubscription {
  json: SubscriptionJson;
  /** The pushes it received, in order. */
  received(): ReceivedPush[];
}

export interface PushService {
  url: string;
  /** A new subscription; `answer` is the status its pushes get (201 unless told). */
  subscribe(options?: { answer?: number }): TestSubscription;
  /** Every push received, in order; a push that could not be checked or decrypted is in `rejected`. */
  received(): ReceivedPush[];
  rejected(): string[];
  close(): Promise<void>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  answer: number;
  received: ReceivedPush[];
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const device = devices.get(req.url ?? '');
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      const endpoint = `${url}${req.url}`;
      try {
        const vapid = checkVapid(req.headers.authorization ?? '', new URL(url).origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = decrypt(body, device);
        const push = {
          endpoint,
          status: device.answer,
          payload,
          vapid,
          ttl: Number(req.headers.ttl),
          at: performance.now(),
        };
        device.received.push(push);
        received.push(push);
        res.writeHead(device.answer).end();
      } catch (error) {
        rejected.push(`${endpoint}: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(400).end();
      }
    });
  });
  const url = `http://127.0.0.1:${await listenOnFreePort(server)}`;

  return {
    url,
    subscribe({ answer = 201 } = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      const device: Device = { ecdh, publicKey, auth, answer, received: [] };
      devices.set(path, device);
      return {
        json: {
          endpoint: `${url}${path}`,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        },
        received: () => [...device.received],
      };
    },
    received: () => [...received],
    rejected: () => [...rejected],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The stack's push service ports; the last one is left free for `unusedPushEndpoint`. */
function localPushPorts() {
  const ports = process.env.STOCKSEER_LOCAL_PUSH_PORTS;
  if (!ports) throw new Error('STOCKSEER_LOCAL_PUSH_PORTS is not set: run the tests inside the stack (tools/stack)');
  return localPushServiceFrom(ports);
}

/** Listens on the first port of the range that is free (test files side by side each run their own service). */
async function listenOnFreePort(server: ReturnType<typeof createServer>): Promise<number> {
  const { firstPort, lastPort } = localPushPorts();
  for (let port = firstPort; port < lastPort; port++) {
    const listening = await new Promise<boolean>((resolve) => {
      const failed = () => resolve(false);
      server.once('error', failed);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', failed);
        resolve(true);
      });
    });
    if (listening) return port;
  }
  throw new Error(`No free port for a push service from ${firstPort} to ${lastPort - 1}`);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `vapid t=<JWT>, k=<public key>`: the JWT must be signed (ES256) by that key, for this push service, not expired. */
function checkVapid(authorization: string, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error('no VAPID authorization');
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const k = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: k.subarray(1, 33).toString('base64url'),
      y: k.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (aud !== origin) throw new Error(`VAPID audience ${aud}, not ${origin}`);
  if (!(exp * 1000 > Date.now() && exp * 1000 <= Date.now() + 24 * 3600_000))
    throw new Error('VAPID expiry not within 24 h');
  return { publicKey: match[2]!, audience: aud, subject: sub };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291's aes128gcm, one record: the keys from the device's private key and secret, the padding checked. */
function decrypt(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body[20]!;
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverKey]);
  const ikm = hkdf(shared, device.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * An endpoint the functions accept on the stack and no push service listens at (the range's last port): for the
 * API's own tests, which push nothing; a run that did push to it would call nothing past this machine.
 */
export function unusedPushEndpoint(name: string): string {
  return `http://127.0.0.1:${localPushPorts().lastPort}/push/${name}`;
}

/** A well-formed subscription to `endpoint`, for the API's own tests, which push nothing (`unusedPushEndpoint`). */
export function unusedSubscription(endpoint: string): SubscriptionJson {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
