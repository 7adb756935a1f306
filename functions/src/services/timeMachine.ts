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
  // Only after the write: a worker that sees the new stamp must find the new date (pinnedDateSync).
  clock.changes?.bump();
  clock.pin(today);
  return { today: clock.today(), pinned: today !== null };
}

/**
 * Emulator only: what to run before each request so that it sees the pinned date (or the start date when none was
 * set). The date is read from Firestore on a process's first request and again whenever the clock's change signal
 * moved since; without a signal, every time. Invariant: only `pinToday` writes the stored date, and it moves the
 * signal after the write. The stamp is read before the date, so a change landing between the two leaves the newer
 * date under the older stamp, and the next request reads it again. The clock is pinned again on every request, from
 * what is known: a maintenance shard pins its own process's clock to its run's day (services/maintenance/runs.ts).
 * The Functions emulator runs one request at a time per process, so a per-process clock is safe to set here.
 * `readStored`: the stored date's reader (Firestore; tests give their own).
 */
export function pinnedDateSync(
  db: Firestore,
  clock: SettableClock,
  readStored: (db: Firestore) => Promise<string | null | undefined> = storedClock,
): () => Promise<void> {
  let known: { stamp: string | null; today: string | null | undefined } | undefined;
  return async () => {
    const stamp = clock.changes?.stamp() ?? null;
    if (stamp === null || stamp !== known?.stamp) known = { stamp, today: await readStored(db) };
    clock.pin(known.today === undefined ? clock.startDate : known.today);
  };
}
