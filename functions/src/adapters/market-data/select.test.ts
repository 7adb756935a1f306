import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { providerFromEnv } from './select';

const clock = fixedClock('2021-04-21');

describe('providerFromEnv', () => {
  it('defaults to demo, and to csv when a data folder is set', () => {
    expect(providerFromEnv({}, clock).source).toBe('demo');
    expect(providerFromEnv({ MARKET_DATA_DIR: '/data' }, clock).source).toBe('csv');
  });

  it('takes MARKET_DATA_PROVIDER first', () => {
    expect(providerFromEnv({ MARKET_DATA_PROVIDER: 'demo', MARKET_DATA_DIR: '/data' }, clock).source).toBe('demo');
    expect(providerFromEnv({ MARKET_DATA_PROVIDER: 'massive', MASSIVE_API_KEY: 'k' }, clock).source).toBe('massive');
  });

  it('fails at startup on a setting that cannot work', () => {
    expect(() => providerFromEnv({ MARKET_DATA_PROVIDER: 'yahoo' }, clock)).toThrow(/massive, csv, demo/);
    expect(() => providerFromEnv({ MARKET_DATA_PROVIDER: 'massive' }, clock)).toThrow(/MASSIVE_API_KEY/);
    expect(() => providerFromEnv({ MARKET_DATA_PROVIDER: 'csv' }, clock)).toThrow(/MARKET_DATA_DIR/);
  });
});
