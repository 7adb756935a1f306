import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PUSH_DEVICE_LIMIT,
  PUSH_DEVICES_FULL_MESSAGE,
  PUSH_SERVICE_ONLY_MESSAGE,
  PushDevices,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { unusedPushEndpoint, unusedSubscription } from '../../../../tools/testing/pushService';
import { LOCAL_PUSH_PORTS, PORTS } from '../../../../tools/stack/config';

/**
 * The devices with notifications on (docs/product.md#web-push), through Hosting, the Functions emulator and Firestore:
 * a browser's subscription is added, listed without its endpoint or keys, refreshed, removed, and bounded in number.
 */
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const stamp = Date.now();
// The stack's push service port no service listens on: a run pushing to these users would call nothing.
const endpoint = (name: string) => unusedPushEndpoint(`${stamp}-${name}`);
const idOf = (url: string) => createHash('sha256').update(url).digest('hex');

const add = (token: string, body: unknown, userAgent = CHROME_ON_ANDROID) =>
  apiCall<unknown>('/api/push/subscriptions', { token, body, headers: { 'User-Agent': userAgent } });
const devicesOf = async (token: string) =>
  PushDevices.parse((await apiCall('/api/push/subscriptions', { token })).body).devices;

describe('a user turning notifications on and off for their devices', () => {
  it('adds a browser named by its user agent, lists it without its endpoint or keys, and gives the VAPID key', async () => {
    const user = await newTestUser('push-devices');
    const empty = PushDevices.parse((await apiCall('/api/push/subscriptions', { token: user.token })).body);
    expect(empty.devices).toEqual([]);
    // The stack's own key, which browsers subscribe with.
    expect(empty.publicKey).toBe(process.env.VAPID_PUBLIC_KEY);

    const phone = unusedSubscription(endpoint('phone'));
    const added = await add(user.token, phone);
    expect(added.status).toBe(200);
    const devices = PushDevices.parse(added.body).devices;
    expect(devices).toEqual([{ id: idOf(phone.endpoint), device: 'Chrome on Android', createdAt: expect.any(String) }]);
    expect(JSON.stringify(added.body)).not.toContain(phone.endpoint);
    expect(JSON.stringify(added.body)).not.toContain(phone.keys.auth);

    // The same browser again (its keys renewed): the same device, in its place, not a second one.
    const renewed = { ...unusedSubscription(phone.endpoint) };
    const laptop = unusedSubscription(endpoint('laptop'));
    await add(
      user.token,
      laptop,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
    );
    const again = PushDevices.parse((await add(user.token, renewed)).body).devices;
    expect(again.map((d) => d.device)).toEqual(['Chrome on Android', 'Firefox on Mac']);
    expect(again[0]).toEqual(devices[0]);
    expect(await devicesOf(user.token)).toEqual(again);

    const removed = await apiCall('/api/push/subscriptions/' + idOf(phone.endpoint), {
      token: user.token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(PushDevices.parse(removed.body).devices.map((d) => d.device)).toEqual(['Firefox on Mac']);
    const twice = await apiCall('/api/push/subscriptions/' + idOf(phone.endpoint), {
      token: user.token,
      method: 'DELETE',
    });
    expect(twice.status).toBe(404);
  });

  it(`keeps at most ${PUSH_DEVICE_LIMIT} devices, and a known one may still renew`, async () => {
    const user = await newTestUser('push-limit');
    for (let i = 0; i < PUSH_DEVICE_LIMIT; i++) {
      expect((await add(user.token, unusedSubscription(endpoint(`limit-${i}`)))).status).toBe(200);
    }
    const full = await add(user.token, unusedSubscription(endpoint('one-too-many')));
    expect(full).toEqual({ status: 409, body: { message: PUSH_DEVICES_FULL_MESSAGE } });
    expect((await add(user.token, unusedSubscription(endpoint('limit-3')))).status).toBe(200);
    expect(await devicesOf(user.token)).toHaveLength(PUSH_DEVICE_LIMIT);
  });

  it('refuses keys of the wrong size, and a device that is not the caller’s', async () => {
    const [user, other] = [await newTestUser('push-refused'), await newTestUser('push-other')];
    const short = { ...unusedSubscription(endpoint('short')), keys: { p256dh: 'AAAA', auth: 'AAAA' } };
    expect((await add(user.token, short)).status).toBe(400);

    const theirs = unusedSubscription(endpoint('theirs'));
    await add(other.token, theirs);
    const taken = await apiCall(`/api/push/subscriptions/${idOf(theirs.endpoint)}`, {
      token: user.token,
      method: 'DELETE',
    });
    expect(taken.status).toBe(404);
    expect(await devicesOf(other.token)).toHaveLength(1);
    expect((await apiCall('/api/push/subscriptions/not-an-id', { token: user.token, method: 'DELETE' })).status).toBe(
      400,
    );
    expect((await apiCall('/api/push/subscriptions')).status).toBe(401);
  });

  it('refuses, with 400 and the reason, every endpoint that is not a push service, keeping none of them', async () => {
    const user = await newTestUser('push-not-a-service');
    const firestore = `http://127.0.0.1:${PORTS.firestore}/v1/projects/demo-stockseer/databases/(default)/documents`;
    const refused = [
      'https://instance-data.internal./latest/',
      'https://localhost./x',
      'https://10.0.0.1.nip.io/x',
      'https://127.0.0.1.nip.io/x',
      'https://kubernetes.default.svc/x',
      firestore,
      'http://2130706433/x',
      'http://127.1/x',
      // The stack's own services on loopback, and its push services' ports under https or another host's spelling.
      `http://127.0.0.1:${PORTS.functions}/demo-stockseer/us-central1/api/api/health`,
      `http://localhost:${LOCAL_PUSH_PORTS.first}/push/x`,
      `https://127.0.0.1:${LOCAL_PUSH_PORTS.first}/push/x`,
      'https://169.254.0.1/latest/',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
    ];
    for (const address of refused) {
      const answer = await add(user.token, unusedSubscription(address));
      expect(answer, address).toEqual({ status: 400, body: { message: `endpoint: ${PUSH_SERVICE_ONLY_MESSAGE}` } });
    }
    expect(await devicesOf(user.token)).toEqual([]);
    // A browser's push service, and the stack's own push services (STOCKSEER_LOCAL_PUSH_PORTS), are taken.
    expect((await add(user.token, unusedSubscription(`https://fcm.googleapis.com/fcm/send/${stamp}`))).status).toBe(
      200,
    );
    expect((await add(user.token, unusedSubscription(endpoint('local')))).status).toBe(200);
    expect(await devicesOf(user.token)).toHaveLength(2);
  });
});
