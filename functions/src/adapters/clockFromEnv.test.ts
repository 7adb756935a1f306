import { describe, expect, it } from 'vitest';
import { clockFromEnv } from './clockFromEnv';
import { systemClock } from '../domain/clock';

describe('clockFromEnv', () => {
  it('uses the real clock in production', () => {
    expect(clockFromEnv({})).toBe(systemClock);
  });

  it('refuses a pinned date in production, in the emulator too (its entry has its own clock)', () => {
    expect(() => clockFromEnv({ STOCKSEER_TODAY: '2021-03-01' })).toThrow(/emulator only/);
    expect(() => clockFromEnv({ STOCKSEER_TODAY: '2021-03-01', FUNCTIONS_EMULATOR: 'true' })).toThrow(/emulator only/);
  });
});
