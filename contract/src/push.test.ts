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

  it('names its push service by a URL, which the server then checks (functions/src/domain/push/endpoint.ts)', () => {
    const withEndpoint = (endpoint: string) => PushSubscriptionInput.safeParse({ ...CHROME, endpoint }).success;
    expect(withEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    for (const endpoint of ['not a url', '/relative/path', '', `https://fcm.googleapis.com/${'x'.repeat(2000)}`]) {
      expect(withEndpoint(endpoint), endpoint).toBe(false);
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
