import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedSubscription } from '../../../../tools/testing/pushService';
import { testVapidKeys } from '../../../test/push.testkit';
import { webPushSender, type ResolveHost } from './webPushSender';

/**
 * The sender's refusals at send time, against servers of the test's own on loopback (the local push service's way:
 * plain http to ports it is told of). Nothing here reaches past this machine: names are resolved by a stand-in.
 */
const keys = testVapidKeys();
const message = { title: 'StockSeer', body: 'test', url: '/history', tag: 'run-1' };
const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** A server that records what reaches it and answers `answer`. */
async function server(answer: (req: IncomingMessage) => [number, Record<string, string>?]) {
  const requests: string[] = [];
  const listening = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    const [status, headers] = answer(req);
    res.writeHead(status, headers).end();
  });
  servers.push(listening);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { port: (listening.address() as AddressInfo).port, requests };
}

/** A stand-in name lookup answering `addresses`, which records the names it was asked. */
function resolvedTo(...addresses: string[]) {
  const asked: string[] = [];
  const resolve: ResolveHost = async (host) => {
    asked.push(host);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('sending a push', () => {
  it('follows no redirect: a 302 is a failure, its Location never called, the device kept', async () => {
    const elsewhere = await server(() => [200]);
    const redirecting = await server(() => [302, { Location: `http://127.0.0.1:${elsewhere.port}/landed` }]);
    const sender = webPushSender({
      publicKey: () => keys.publicKey,
      vapid: () => keys,
      localPushService: { firstPort: redirecting.port, lastPort: redirecting.port },
    });
    const delivery = await sender.send(unusedSubscription(`http://127.0.0.1:${redirecting.port}/push/a`), message);
    expect(delivery).toEqual({ outcome: 'failed', status: 302, reason: 'HTTP 302' });
    expect(redirecting.requests).toEqual(['POST /push/a']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('sends nothing to an endpoint that is not a push service, stored before the rule', async () => {
    const listening = await server(() => [201]);
    const resolve = resolvedTo('142.250.185.10');
    const sender = webPushSender({ publicKey: () => keys.publicKey, vapid: () => keys, resolve });
    for (const endpoint of [
      'https://instance-data.internal./latest/',
      'https://10.0.0.1.nip.io/x',
      `http://127.0.0.1:${listening.port}/push/a`,
      'http://2130706433/x',
    ]) {
      const delivery = await sender.send(unusedSubscription(endpoint), message);
      expect(delivery, endpoint).toEqual({ outcome: 'failed', status: null, reason: 'refused: not a push service' });
    }
    expect(listening.requests).toEqual([]);
    expect(resolve.asked).toEqual([]);
  });

  it("refuses a push service's name when any of its addresses is not public, connecting to none", async () => {
    for (const addresses of [['127.0.0.1'], ['10.0.0.1'], ['142.250.185.10', '169.254.0.1'], ['::1'], ['fd00::1']]) {
      const resolve = resolvedTo(...addresses);
      const sender = webPushSender({ publicKey: () => keys.publicKey, vapid: () => keys, resolve });
      const delivery = await sender.send(unusedSubscription('https://fcm.googleapis.com/fcm/send/abc'), message);
      expect(delivery, addresses.join()).toEqual({
        outcome: 'failed',
        status: null,
        reason: 'refused: not a public address',
      });
      expect(resolve.asked).toEqual(['fcm.googleapis.com']);
    }
  });

  it('reports a name that does not resolve by its kind alone', async () => {
    const resolve: ResolveHost = () => Promise.reject(Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }));
    const sender = webPushSender({ publicKey: () => keys.publicKey, vapid: () => keys, resolve });
    expect(await sender.send(unusedSubscription('https://web.push.apple.com/abc'), message)).toEqual({
      outcome: 'failed',
      status: null,
      reason: 'ENOTFOUND',
    });
  });

  it('accepts at subscription what it would send to', () => {
    const sender = webPushSender({
      publicKey: () => keys.publicKey,
      vapid: () => keys,
      localPushService: { firstPort: 12200, lastPort: 12215 },
    });
    expect(sender.accepts('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(sender.accepts('http://127.0.0.1:12200/push/a')).toBe(true);
    expect(sender.accepts('http://127.0.0.1:8080/push/a')).toBe(false);
    expect(sender.accepts('https://localhost./x')).toBe(false);
  });
});
