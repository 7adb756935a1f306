import type { ClockState } from '@stockseer/contract';
import type { Caller } from '../domain/caller';
import type { Clock, TimeMachine } from '../domain/clock';
import { auditEntry } from '../domain/audit';
import { notFound } from '../domain/errors';
import { newAuditId } from '../adapters/firestore/auditLog';

/**
 * What the Admin tab shows: today as the API sees it, and whether the local time machine pinned it. Production has
 * no time machine (`undefined`): its today is the real date, never pinned.
 */
export function clockState(clock: Clock, timeMachine: TimeMachine | undefined): ClockState {
  return { today: clock.today(), pinned: (timeMachine?.pinnedDate() ?? null) !== null };
}

/**
 * The local stack's time machine: refused in production, where the clock is the real one. The pin is written with its
 * audit entry, stamped with the instant before it.
 */
export async function pinToday(
  { clock, timeMachine }: { clock: Clock; timeMachine?: TimeMachine },
  admin: Caller,
  { today, reason }: { today: string | null; reason?: string },
): Promise<ClockState> {
  if (!timeMachine) throw notFound('The clock can only be set on the local emulator');
  const details = { today, previousToday: clock.today() };
  const at = clock.now();
  await timeMachine.pin(
    today,
    auditEntry({ id: newAuditId(), action: 'time_machine', actor: admin, at, details, reason }),
  );
  return { today: clock.today(), pinned: today !== null };
}
