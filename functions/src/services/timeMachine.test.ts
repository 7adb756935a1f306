import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { SettableClock } from '../adapters/clockFromEnv';
import type { ClockChangeSignal } from '../adapters/clockChangeSignal';
import { pinnedDateSync } from './timeMachine';

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

describe('pinnedDateSync', () => {
  it('reads the stored date on the first request and again only when the stamp moved', async () => {
    const { state, signal, readStored } = sharedState({ stamp: '', stored: '2021-03-01' });
    const clock = new SettableClock('2021-01-04', signal);
    const sync = pinnedDateSync(noDb, clock, readStored);
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
    const clock = new SettableClock('2021-01-04', signal);
    await pinnedDateSync(noDb, clock, async () => undefined)();
    expect(clock.today()).toBe('2021-01-04');
  });

  it('reads again after a change that landed between its stamp and its date', async () => {
    const { state, signal, readStored } = sharedState({ stamp: 'a', stored: '2021-03-01' });
    const clock = new SettableClock(null, signal);
    const sync = pinnedDateSync(noDb, clock, readStored);
    // pinToday runs while this worker reads: the date it got is already old, and the stamp has moved on.
    state.duringRead = () => Object.assign(state, { stamp: 'b', stored: '2021-03-05', duringRead: () => undefined });
    await sync();
    expect(clock.today()).toBe('2021-03-01');
    await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-05', 2]);
  });

  it('pins the known date again on every request, undoing a pin of its own process (a maintenance shard)', async () => {
    const { state, signal, readStored } = sharedState({ stamp: 'a', stored: '2021-03-01' });
    const clock = new SettableClock(null, signal);
    const sync = pinnedDateSync(noDb, clock, readStored);
    await sync();
    clock.pin('2021-02-01');
    await sync();
    expect([clock.today(), state.reads]).toEqual(['2021-03-01', 1]);
  });

  it('reads on every request without a change signal', async () => {
    const { state, readStored } = sharedState({ stamp: '', stored: '2021-03-01' });
    const sync = pinnedDateSync(noDb, new SettableClock(null), readStored);
    for (let i = 0; i < 3; i++) await sync();
    expect(state.reads).toBe(3);
  });
});
