import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './allowedOriginsFromEnv';

describe('allowedOrigins', () => {
  it('lists the configured origins, and none when none is set', () => {
    expect(allowedOrigins({ STOCKSEER_ALLOWED_ORIGINS: 'https://a.example, http://127.0.0.1:5000' })).toEqual([
      'https://a.example',
      'http://127.0.0.1:5000',
    ]);
    expect(allowedOrigins({})).toEqual([]);
    expect(allowedOrigins({ STOCKSEER_ALLOWED_ORIGINS: ' , ' })).toEqual([]);
  });

  it('refuses a setting that is not an origin (a path, a trailing slash, a wildcard)', () => {
    for (const bad of ['https://a.example/', 'https://a.example/app', '*', 'a.example']) {
      expect(() => allowedOrigins({ STOCKSEER_ALLOWED_ORIGINS: bad }), bad).toThrow(/STOCKSEER_ALLOWED_ORIGINS/);
    }
  });
});
