import { describe, expect, it } from 'vitest';
import { trustedProxyHopsFrom } from './trustedProxyHopsFromEnv';

describe('TRUSTED_PROXY_HOPS', () => {
  it("is the proxies in front, 1 (Cloud Functions' front end) when unset", () => {
    expect(trustedProxyHopsFrom({})).toBe(1);
    expect(trustedProxyHopsFrom({ TRUSTED_PROXY_HOPS: '' })).toBe(1);
    expect(trustedProxyHopsFrom({ TRUSTED_PROXY_HOPS: '0' })).toBe(0);
    expect(trustedProxyHopsFrom({ TRUSTED_PROXY_HOPS: '2' })).toBe(2);
  });

  it('refuses what cannot be a count of proxies, naming the setting', () => {
    for (const raw of ['-1', '1.5', 'true', '6', 'all']) {
      expect(() => trustedProxyHopsFrom({ TRUSTED_PROXY_HOPS: raw }), raw).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});
