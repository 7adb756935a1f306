import { describe, expect, it } from 'vitest';
import { vapidKeysFrom } from '../../functions/src/adapters/push/vapid';
import { localVapidEnv } from './vapidKeys';

describe("the local stack's Web Push keys", () => {
  it('are one valid pair, made once and kept, so that browsers stay subscribed across restarts', () => {
    const first = localVapidEnv({});
    expect(localVapidEnv({})).toEqual(first);
    const keys = vapidKeysFrom(first);
    expect(keys.subject).toBe('mailto:push@stockseer.test');
  });

  it("give way to the environment's", () => {
    const own = { VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:me@example.com' };
    expect(localVapidEnv(own)).toEqual(own);
  });
});
