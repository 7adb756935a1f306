import { describe, expect, it } from 'vitest';
import { localPushServiceFrom, pushDestination } from './endpoint';

const FIRESTORE_PORT = 8080;
const local = { firstPort: 12200, lastPort: 12215 };

/** Endpoints the server must never send to, in production or on the local stack. */
const REFUSED = [
  // Names of the cloud's or the machine's own, a trailing dot or not.
  'https://instance-data.internal./latest/',
  'https://instance-data.internal/latest/',
  'https://INSTANCE-DATA.INTERNAL./latest/',
  'https://localhost./x',
  'https://localhost/x',
  'https://LocalHost../x',
  'https://kubernetes.default.svc/x',
  'https://kubernetes.default.svc./x',
  // Public names that resolve to private addresses: not a push service's name.
  'https://10.0.0.1.nip.io/x',
  'https://127.0.0.1.nip.io/x',
  // IP literals, however spelled (decimal, octal, hex, short forms, IPv6, IPv4-mapped IPv6).
  'https://127.0.0.1/x',
  'https://2130706433/x',
  'https://127.1/x',
  'https://0177.0.0.1/x',
  'https://0x7f000001/x',
  'https://0x7f.0.0.1/x',
  'https://169.254.0.1/latest/',
  'https://10.0.0.7/push',
  'https://[::1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:a9fe:a9fe]/x',
  'https://[fd00::1]/push',
  'https://[fe80::1]/push',
  // Plain http, whatever the host (the local stack's own ports included), and other schemes.
  `http://127.0.0.1:${FIRESTORE_PORT}/v1/projects/demo-stockseer/databases/(default)/documents`,
  'http://2130706433/x',
  'http://127.1/x',
  'http://localhost:12200/push/x',
  'http://fcm.googleapis.com/fcm/send/abc',
  'wss://fcm.googleapis.com/fcm/send/abc',
  'ftp://fcm.googleapis.com/fcm/send/abc',
  'data:text/plain,fcm.googleapis.com',
  'javascript:alert(1)',
  'not a url',
  // A push service's name, but another port, user info, or as a part of another name.
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'https://fcm.googleapis.com:80/fcm/send/abc',
  'https://user:pass@fcm.googleapis.com/fcm/send/abc',
  'https://metadata@fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com.evil.example/fcm/send/abc',
  'https://fcm.googleapis.com.127.0.0.1.nip.io/x',
  'https://evilfcm.googleapis.com/fcm/send/abc',
  'https://x.fcm.googleapis.com/fcm/send/abc',
  'https://push.apple.com/x',
  'https://push.services.mozilla.com/x',
  'https://evilpush.apple.com/x',
  'https://web.push.apple.com.evil.example/x',
  'https://fcm.googleapis.com../fcm/send/abc',
  'https://.fcm.googleapis.com/fcm/send/abc',
  'https://a..push.apple.com/x',
  'https://xn--fcm-googleapis-com.evil.example/x',
  'https://fcm.googleapis.com%2elocalhost/x',
];

/** What browsers' push services hand out, in every spelling that means the same host. */
const ACCEPTED: [string, string][] = [
  ['https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHq', 'fcm.googleapis.com'],
  ['https://FCM.GoogleAPIs.com/fcm/send/abc', 'fcm.googleapis.com'],
  ['https://fcm.googleapis.com./fcm/send/abc', 'fcm.googleapis.com'],
  ['https://fcm.googleapis.com:443/fcm/send/abc', 'fcm.googleapis.com'],
  ['https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB', 'updates.push.services.mozilla.com'],
  ['https://web.push.apple.com/QGuQyavXutnMHtV', 'web.push.apple.com'],
  ['https://wns2-par02p.notify.windows.com/w/?token=BQYAAA', 'wns2-par02p.notify.windows.com'],
  ['https://bücher.push.apple.com/x', 'xn--bcher-kva.push.apple.com'],
];

describe('where the server may send a push', () => {
  it.each(REFUSED)('never to %s', (endpoint) => {
    expect(pushDestination(endpoint)).toBeNull();
  });

  it.each(ACCEPTED)('to %s, as host %s on 443', (endpoint, host) => {
    expect(pushDestination(endpoint)).toMatchObject({ host, port: 443, local: false });
  });

  it("to the local stack's push services on their ports only, when the stack says so", () => {
    expect(pushDestination('http://127.0.0.1:12200/push/a', local)).toMatchObject({ port: 12200, local: true });
    expect(pushDestination('http://127.0.0.1:12215/push/a', local)).toMatchObject({ port: 12215, local: true });
    expect(pushDestination('http://127.0.0.1:12200/push/a')).toBeNull();
    for (const endpoint of [
      'http://127.0.0.1:12199/push/a',
      'http://127.0.0.1:12216/push/a',
      `http://127.0.0.1:${FIRESTORE_PORT}/v1/`,
      'http://127.0.0.1/push/a',
      'http://localhost:12200/push/a',
      'http://user@127.0.0.1:12200/push/a',
      'https://127.0.0.1:12200/push/a',
    ]) {
      expect(pushDestination(endpoint, local), endpoint).toBeNull();
    }
    // A push service's endpoint is as in production.
    expect(pushDestination('https://fcm.googleapis.com/fcm/send/abc', local)).toMatchObject({ local: false });
    for (const endpoint of REFUSED) expect(pushDestination(endpoint, local), endpoint).toBeNull();
  });

  it('takes the local ports as "first-last", and nothing else', () => {
    expect(localPushServiceFrom('12200-12215')).toEqual(local);
    for (const ports of ['', '12200', '12215-12200', '0-10', '1-70000', '12200-12215,1']) {
      expect(() => localPushServiceFrom(ports), ports).toThrow(/first-last/);
    }
  });
});
