/**
 * "Today" for predictions, maintenance and market data. Production uses the real clock; the local stack can pin
 * it (STOCKSEER_TODAY=YYYY-MM-DD, or the emulator-only admin endpoint) to replay history, e.g. predict on
 * 2021-03-01 and resolve on 2021-04-21 with the real price files.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
  /** The current calendar date in New York (the exchange's time zone), as YYYY-MM-DD. */
  today(): string;
}

const newYorkDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function newYorkDateOf(instant: Date): string {
  return newYorkDate.format(instant);
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => newYorkDateOf(new Date()),
};

/** A clock pinned to a market date: `now()` is that date at 21:00 UTC (after the US close), `today()` the date. */
export function fixedClock(today: string): Clock {
  return { now: () => new Date(`${today}T21:00:00.000Z`), today: () => today };
}

/** A clock that stands at one market date and instant: a maintenance run's, so that all its shards agree. */
export function fixedClockAt(today: string, now: Date): Clock {
  return { now: () => new Date(now), today: () => today };
}
