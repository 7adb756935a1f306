import { describe, expect, it } from 'vitest';
import { clockFromEnv, SettableClock } from './clockFromEnv';
import { newYorkDateOf, systemClock } from '../domain/clock';

describe('clockFromEnv', () => {
  it('uses the real clock in production', () => {
    expect(clockFromEnv({})).toBe(systemClock);
  });

  it('refuses a pinned date in production and a malformed one anywhere', () => {
    expect(() => clockFromEnv({ STOCKSEER_TODAY: '2021-03-01' })).toThrow(/emulator only/);
    expect(() => clockFromEnv({ STOCKSEER_TODAY: 'March 1', FUNCTIONS_EMULATOR: 'true' })).toThrow();
  });

  it('gives the emulator a settable clock that starts at STOCKSEER_TODAY', () => {
    const clock = clockFromEnv({ STOCKSEER_TODAY: '2021-03-01', FUNCTIONS_EMULATOR: 'true' });
    expect(clock).toBeInstanceOf(SettableClock);
    expect(clock.today()).toBe('2021-03-01');
    // After the close of the pinned date, still that date in New York.
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2021-03-01T21:00:00.000Z'));
    expect(newYorkDateOf(clock.now())).toBe('2021-03-01');
    (clock as SettableClock).pin('2021-04-21');
    expect(clock.today()).toBe('2021-04-21');
    (clock as SettableClock).pin(null);
    expect(clock.today()).toBe(systemClock.today());
  });
});
