import { describe, expect, it } from 'vitest';
import { closeInstant } from './calendar';
import { newYorkDateOf, pinnedDayClock } from './clock';

const realAt = (iso: string) => () => new Date(iso);

describe('the time machine clock (pinnedDayClock)', () => {
  it('moves on with the real clock, so things made one after another on a pinned day keep their order', () => {
    const first = pinnedDayClock('2020-12-16', realAt('2026-05-04T09:30:00.000Z')).now();
    const second = pinnedDayClock('2020-12-16', realAt('2026-05-04T09:30:00.004Z')).now();
    const later = pinnedDayClock('2020-12-16', realAt('2026-05-04T17:45:12.345Z')).now();
    expect(first < second && second < later).toBe(true);
    // Whatever the real date: processes that agree on the real instant agree on the pinned one.
    expect(pinnedDayClock('2020-12-16', realAt('2031-01-01T09:30:00.000Z')).now()).toEqual(first);
  });

  it.each(['2020-12-16', '2021-07-02', '2021-11-26'])(
    'stays after the close of %s and on that date in New York, at any real time of day',
    (today) => {
      for (const real of ['T00:00:00.000Z', 'T12:00:00.000Z', 'T23:59:59.999Z']) {
        const clock = pinnedDayClock(today, realAt(`2026-01-15${real}`));
        expect(clock.today()).toBe(today);
        expect(clock.now().getTime()).toBeGreaterThanOrEqual(closeInstant(today).getTime());
        expect(newYorkDateOf(clock.now())).toBe(today);
      }
    },
  );
});
