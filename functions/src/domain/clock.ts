import type { AuditEntry } from '@stockseer/contract';

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

/**
 * The local stack's time machine, which pins the clock's "today" to replay history. Only the emulator's entry
 * (src/index.emulator.ts) gives one, at start-up; production has none, and its "today" is the real date.
 */
export interface TimeMachine {
  /** The date "today" is pinned to; null while it follows the real clock. */
  pinnedDate(): string | null;
  /**
   * Pins "today" for every worker process of the stack (null: the real date again); an admin's pin is written with its
   * audit entry (docs/product.md#audit-log).
   */
  pin(today: string | null, audit?: AuditEntry): Promise<void>;
  /** Before a request: this process's clock takes the date the time machine is set to. */
  sync(): Promise<void>;
  /** A maintenance shard runs on its run's day: pins this process's clock only, until its next `sync`. */
  pinThisProcess(today: string): void;
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** How much slower than the real clock the time machine's instants move: a real day spans 6 hours of the pinned one. */
const PINNED_DAY_SLOWDOWN = 4;

/**
 * The time machine's clock: pinned to a market date, yet its instants move on with the real clock, so what is made
 * one after another on a pinned day keeps its order (`createdAt`, newest first). They start at 21:00 UTC (after the
 * US close, as `fixedClock`'s) and follow the real UTC time of day at a quarter of its speed: at most 6 hours
 * later, still the pinned date in New York. Every process maps one real instant to the same pinned one; at the
 * real UTC midnight they start again from 21:00.
 */
export function pinnedDayClock(today: string, realNow: () => Date = () => new Date()): Clock {
  const afterClose = Date.parse(`${today}T21:00:00.000Z`);
  return {
    now: () => new Date(afterClose + Math.floor((realNow().getTime() % DAY_MS) / PINNED_DAY_SLOWDOWN)),
    today: () => today,
  };
}

/** A clock that stands at one market date and instant: a maintenance run's, so that all its shards agree. */
export function fixedClockAt(today: string, now: Date): Clock {
  return { now: () => new Date(now), today: () => today };
}
