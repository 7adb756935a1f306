import { describe, expect, it } from 'vitest';
import { PushSubscriptionInput } from './push';

/** What Chrome's PushSubscription.toJSON() gives (its keys are a P-256 point and 16 random bytes). */
const CHROME = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw',
  expirationTime: null,
  keys: {
    p256dh: 'BIPUL12DLfytvTajnryr2PRdAgXS3HGKiLqndGcJGabyhHheJYlNGCeXl1dn18gSJ1WAkAPIxr4gK0_dQds4yiI',
    auth: 'FPssNDTKnInHVndSTdbKFw',
  },
};

describe("a browser's push subscription", () => {
  it('is taken as the browser writes it', () => {
    expect(PushSubscriptionInput.parse(CHROME)).toEqual(CHROME);
    expect(PushSubscriptionInput.safeParse({ ...CHROME, expirationTime: undefined }).success).toBe(true);
  });

  it('names a push service over https, or the local stack on loopback, and nothing the server must not call', () => {
    const withEndpoint = (endpoint: string) => PushSubscriptionInput.safeParse({ ...CHROME, endpoint }).success;
    expect(withEndpoint('http://127.0.0.1:43111/push/abc')).toBe(true);
    expect(withEndpoint('http://localhost:43111/push/abc')).toBe(true);
    for (const endpoint of [
      'http://push.example.test/x',
      'http://10.0.0.7/latest',
      'ftp://push.example.test/x',
      'javascript:alert(1)',
      'not a url',
      `https://push.example.test/${'x'.repeat(2000)}`,
    ]) {
      expect(withEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('names its push service by a host name over https: never an address or a name of the local network', () => {
    const refusal = (endpoint: string) =>
      PushSubscriptionInput.safeParse({ ...CHROME, endpoint }).error?.issues.map((issue) => issue.message);
    expect(refusal('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    expect(refusal('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBeUndefined();
    for (const endpoint of [
      'https://10.0.0.7/push',
      'https://[fd00::1]/push',
      'https://0x7f000001/push',
      'https://metadata.google.internal/push',
      'https://printer.local/push',
      'https://intranet/push',
      'https://localhost/push',
    ]) {
      expect(refusal(endpoint), endpoint).toEqual(['must name a push service by its host name']);
    }
  });

  it('has keys of the sizes Web Push uses, in base64url', () => {
    const withKeys = (keys: object) => PushSubscriptionInput.safeParse({ ...CHROME, keys }).success;
    expect(withKeys({ ...CHROME.keys, p256dh: CHROME.keys.p256dh.slice(1) })).toBe(false);
    expect(withKeys({ ...CHROME.keys, auth: `${CHROME.keys.auth}AA` })).toBe(false);
    expect(withKeys({ ...CHROME.keys, auth: 'FPssNDTKnInHVndSTdbKF+' })).toBe(false);
    expect(withKeys({ p256dh: CHROME.keys.p256dh })).toBe(false);
  });
});
