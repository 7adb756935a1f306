import { describe, expect, it } from 'vitest';
import { clockFromEnv } from './clockFromEnv';
import { systemClock } from '../domain/clock';

describe('clockFromEnv', () => {
  it('uses the real clock unless today is pinned', () => {
    expect(clockFromEnv({})).toBe(systemClock);
  });

  it('pins today in the emulator', () => {
    const clock = clockFromEnv({ STOCKSEER_TODAY: '2021-03-01', FUNCTIONS_EMULATOR: 'true' });
    expect(clock.today()).toBe('2021-03-01');
    expect(clock.now().toISOString()).toBe('2021-03-01T21:00:00.000Z');
  });

  it('refuses a pinned date in production and a malformed one anywhere', () => {
    expect(() => clockFromEnv({ STOCKSEER_TODAY: '2021-03-01' })).toThrow(/emulator only/);
    expect(() => clockFromEnv({ STOCKSEER_TODAY: 'March 1', FUNCTIONS_EMULATOR: 'true' })).toThrow();
  });
});
