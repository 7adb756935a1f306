import { IsoDate } from '@stockseer/contract';
import { pinnedDayClock, systemClock, type Clock } from '../domain/clock';

/** The local stack's clock: the real one until the time machine (timeMachine.ts) pins "today" to a market date. */
export class SettableClock implements Clock {
  private pinned: Clock | null = null;

  constructor(today: string | null = null) {
    this.pin(today);
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
