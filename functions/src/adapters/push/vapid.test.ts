import { describe, expect, it } from 'vitest';
import { testVapidKeys } from '../../../test/push.testkit';
import { vapidKeysFrom } from './vapid';

const settings = (keys = testVapidKeys()) => ({
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: keys.subject,
});

describe('the VAPID keys from their settings', () => {
  it('takes a pair and a contact', () => {
    const keys = testVapidKeys();
    expect(vapidKeysFrom(settings(keys))).toEqual(keys);
    expect(vapidKeysFrom({ ...settings(keys), VAPID_SUBJECT: 'https://stockseer.example/contact' }).subject).toBe(
      'https://stockseer.example/contact',
    );
  });

  it('fails naming the setting that cannot work', () => {
    const good = settings();
    expect(() => vapidKeysFrom({ ...good, VAPID_PUBLIC_KEY: 'not a key' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => vapidKeysFrom({ ...good, VAPID_PRIVATE_KEY: good.VAPID_PRIVATE_KEY.slice(2) })).toThrow(
      /VAPID_PRIVATE_KEY must be/,
    );
    expect(() => vapidKeysFrom({ ...good, VAPID_PRIVATE_KEY: settings().VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY/,
    );
    expect(() => vapidKeysFrom({ ...good, VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => vapidKeysFrom({})).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
