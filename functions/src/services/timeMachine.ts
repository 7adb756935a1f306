import type { Firestore } from 'firebase-admin/firestore';
import type { ClockState } from '@stockseer/contract';
import type { Clock } from '../domain/clock';
import { notFound } from '../domain/errors';
import { SettableClock } from '../adapters/clockFromEnv';
import { storeClock, storedClock } from '../adapters/firestore/clock';

/** What the Admin tab shows: today as the API sees it, and whether the local time machine pinned it. */
export function clockState(clock: Clock): ClockState {
  return { today: clock.today(), pinned: clock instanceof SettableClock && clock.pinnedDate() !== null };
}

/** The local stack's time machine: refused in production, where the clock is the real one. */
export async function pinToday(db: Firestore, clock: Clock, today: string | null): Promise<ClockState> {
  if (!(clock instanceof SettableClock)) throw notFound('The clock can only be set on the local emulator');
  await storeClock(db, today);
  clock.pin(today);
  return { today: clock.today(), pinned: today !== null };
}

/**
 * Emulator only: before each request, take the pinned date from Firestore (or the start date when none was set).
 * The Functions emulator runs one request at a time per process, so a per-process clock is safe to set here.
 */
export async function syncPinnedDate(db: Firestore, clock: SettableClock): Promise<void> {
  const today = await storedClock(db);
  clock.pin(today === undefined ? clock.startDate : today);
}
