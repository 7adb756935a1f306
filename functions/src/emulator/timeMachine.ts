import type { Firestore } from 'firebase-admin/firestore';
import { IsoDate } from '@stockseer/contract';
import type { TimeMachine } from '../domain/clock';
import { storeClock, storedClock } from '../adapters/firestore/clock';
import { clockChangeSignal, type ClockChangeSignal } from './clockChangeSignal';
import { SettableClock } from './settableClock';

interface LocalTimeMachineOptions {
  db: Firestore;
  clock: SettableClock;
  /** The date to start at (STOCKSEER_TODAY) until one is stored; null: the real date. */
  startDate: string | null;
  /** How workers learn that another one moved the date; without it every request reads the stored date. */
  changes: ClockChangeSignal | null;
  /** The stored date's reader (Firestore; tests give their own). */
  readStored?: (db: Firestore) => Promise<string | null | undefined>;
}

/**
 * The local stack's time machine over `clock`, this process's clock. The pinned date lives in Firestore so every
 * Functions worker process agrees. `sync` reads it on a process's first request and again whenever the change
 * signal moved since; without a signal, every time. Invariant: only `pin` writes the stored date, and it moves the
 * signal after the write, so a worker that sees the new stamp finds the new date. The stamp is read before the date,
 * so a change landing between the two leaves the newer date under the older stamp, and the next request reads it
 * again. The clock is pinned again on every request, from what is known: a maintenance shard pins its own process's
 * clock to its run's day (`pinThisProcess`). The Functions emulator runs one request at a time per process, so a
 * per-process clock is safe to set here.
 */
export function localTimeMachine({
  db,
  clock,
  startDate,
  changes,
  readStored = storedClock,
}: LocalTimeMachineOptions): TimeMachine {
  let known: { stamp: string | null; today: string | null | undefined } | undefined;
  return {
    pinnedDate: () => clock.pinnedDate(),
    async pin(today, audit) {
      await storeClock(db, today, audit);
      changes?.bump();
      clock.pin(today);
    },
    async sync() {
      const stamp = changes?.stamp() ?? null;
      if (stamp === null || stamp !== known?.stamp) known = { stamp, today: await readStored(db) };
      clock.pin(known.today === undefined ? startDate : known.today);
    },
    pinThisProcess: (today) => clock.pin(today),
  };
}

/**
 * The emulator's clock and its time machine: "today" starts at STOCKSEER_TODAY when given (tools/stack pins it to
 * the end of the market data), and the change signal is the stack's whose Firestore emulator this process uses.
 */
export function timeMachineFromEnv(db: Firestore, env: NodeJS.ProcessEnv) {
  const startDate = env.STOCKSEER_TODAY ? IsoDate.parse(env.STOCKSEER_TODAY) : null;
  const clock = new SettableClock(startDate);
  return { clock, timeMachine: localTimeMachine({ db, clock, startDate, changes: clockChangeSignal(env) }) };
}
