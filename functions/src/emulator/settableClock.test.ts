import { describe, expect, it } from 'vitest';
import { SettableClock } from './settableClock';
import { newYorkDateOf, systemClock } from '../domain/clock';

describe('SettableClock', () => {
  it('starts at the given date, after its close and still that date in New York, and can be pinned and let go', () => {
    const clock = new SettableClock('2021-03-01');
    expect(clock.today()).toBe('2021-03-01');
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2021-03-01T21:00:00.000Z'));
    expect(newYorkDateOf(clock.now())).toBe('2021-03-01');
    clock.pin('2021-04-21');
    expect([clock.today(), clock.pinnedDate()]).toEqual(['2021-04-21', '2021-04-21']);
    clock.pin(null);
    expect([clock.today(), clock.pinnedDate()]).toEqual([systemClock.today(), null]);
  });

  it('refuses a malformed date', () => {
    expect(() => new SettableClock('March 1')).toThrow();
  });
});
