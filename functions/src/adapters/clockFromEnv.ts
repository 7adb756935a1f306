import { IsoDate } from '@stockseer/contract';
import { pinnedDayClock, systemClock, type Clock } from '../domain/clock';
import { clockChangeSignal, type ClockChangeSignal } from './clockChangeSignal';

/**
 * The local stack's clock: "today" can be pinned to replay history (STOCKSEER_TODAY at start, or the emulator-only
 * `POST /api/admin/clock` later). The pinned date lives in Firestore so every Functions worker process agrees;
 * a request reads it again when `changes` says it moved (services/timeMachine.ts), or every time without it.
 */
export class SettableClock implements Clock {
  private pinned: Clock | null;

  constructor(
    readonly startDate: string | null,
    readonly changes: ClockChangeSignal | null = null,
  ) {
    this.pinned = startDate ? pinnedDayClock(startDate) : null;
  }

  pin(today: string | null): void {
    this.pinned = today ? pinnedDayClock(IsoDate.parse(today)) : null;
  }

  pinnedDate(): string | null {
    return this.pinned?.today() ?? null;
  }

  now(): Date {
    return (this.pinned ?? systemClock).now();
  }

  today(): string {
    return (this.pinned ?? systemClock).today();
  }
}

/**
 * Production runs on the real clock, always: a pinned date there is a configuration error. In the emulator the
 * clock is settable, starting from STOCKSEER_TODAY when given.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): Clock | SettableClock {
  const pinned = env.STOCKSEER_TODAY || null;
  if (env.FUNCTIONS_EMULATOR === 'true') {
    return new SettableClock(pinned ? IsoDate.parse(pinned) : null, clockChangeSignal(env));
  }
  if (pinned) throw new Error('STOCKSEER_TODAY is for the local emulator only');
  return systemClock;
}
