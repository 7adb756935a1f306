import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { ClockChangeSignal } from './clockChangeSignal';
import { SettableClock } from './settableClock';
import { localTimeMachine } from './timeMachine';

/** The stack's shared state as one worker sees it: the stamp file and the stored date, and how often it read them. */
function sharedState(start: { stamp: string; stored: string | null }) {
  const state = { ...start, reads: 0, duringRead: (): void => undefined };
  const signal: ClockChangeSignal = { stamp: () => state.stamp, bump: () => undefined };
  const readStored = async () => {
    state.reads += 1;
    const read = state.stored;
    state.duringRead();
    return read;
  };
  return { state, signal, readStored };
}
const noDb = {} as Firestore;
/** The time machine's `sync` over `clock`, starting at `startDate`, reading the stored date with `readStored`. */
const syncOf = (
  clock: SettableClock,
  startDate: string | null,
  changes: ClockChangeSignal | null,
  readStored: () => Promise<string | null | undefined>,
) => {
  const timeMachine = localTimeMachine({ db: noDb, clock, startDate, changes, readStored });
  return () => timeMachine.sync();
};

describe('the time machine before each request (sync)', () => {
  it('reads the stored date on the first request and again only when the stamp moved', async () => {
    const { state, signal, readStored } = sharedState({ stamp: '', stored: '2021-03-01' });
    const clock = new SettableClock();
    const sync = syncOf(clock, '2021-01-04', signal, readStored);
    for (let i = 0; i < 3; i++) await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-01', 1]);
    Object.assign(state, { stamp: 'b', stored: '2021-03-02' });
    await sync();
    await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-02', 2]);
    Object.assign(state, { stamp: 'c', stored: null });
    await sync();
    expect([clock.pinnedDate(), state.reads]).toEqual([null, 3]);
  });

  it('starts from the start date when nothing was stored', async () => {
    const { signal } = sharedState({ stamp: '', stored: null });
    const clock = new SettableClock();
    await syncOf(clock, '2021-01-04', signal, async () => undefined)();
    expect(clock.today()).toBe('2021-01-04');
  });

  it('reads again after a change that landed between its stamp and its date', async () => {
    const { state, signal, readStored } = sharedState({ stamp: 'a', stored: '2021-03-01' });
    const clock = new SettableClock();
    const sync = syncOf(clock, null, signal, readStored);
    // `pin` runs in another worker while this worker reads: the date it got is already old, and the stamp has moved on.
    state.duringRead = () => Object.assign(state, { stamp: 'b', stored: '2021-03-05', duringRead: () => undefined });
    await sync();
    expect(clock.today()).toBe('2021-03-01');
    await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-05', 2]);
  });

  it('pins the known date again on every request, undoing a pin of its own process (a maintenance shard)', async () => {
    const { state, signal, readStored } = sharedState({ stamp: 'a', stored: '2021-03-01' });
    const clock = new SettableClock();
    const sync = syncOf(clock, null, signal, readStored);
    await sync();
    clock.pin('2021-02-01');
    await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-01', 1]);
  });

  it('reads on every request without a change signal', async () => {
    const { state, readStored } = sharedState({ stamp: '', stored: '2021-03-01' });
    const sync = syncOf(new SettableClock(), null, null, readStored);
    for (let i = 0; i < 3; i++) await sync();
    expect(state.reads).toBe(3);
  });
});
