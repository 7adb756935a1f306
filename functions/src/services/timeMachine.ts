import type { ClockState } from '@stockseer/contract';
import type { Clock, TimeMachine } from '../domain/clock';
import { notFound } from '../domain/errors';

/**
 * What the Admin tab shows: today as the API sees it, and whether the local time machine pinned it. Production has
 * no time machine (`undefined`): its today is the real date, never pinned.
 */
export function clockState(clock: Clock, timeMachine: TimeMachine | undefined): ClockState {
  return { today: clock.today(), pinned: (timeMachine?.pinnedDate() ?? null) !== null };
}

/** The local stack's time machine: refused in production, where the clock is the real one. */
export async function pinToday(
  clock: Clock,
  timeMachine: TimeMachine | undefined,
  today: string | null,
): Promise<ClockState> {
  if (!timeMachine) throw notFound('The clock can only be set on the local emulator');
  await timeMachine.pin(today);
  return { today: clock.today(), pinned: today !== null };
}
