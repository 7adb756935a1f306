import { describe, expect, it } from 'vitest';
import { fixedClock, type TimeMachine } from '../domain/clock';
import { clockState, pinToday } from './timeMachine';

describe('the clock as the Admin tab sees it', () => {
  it('in production (no time machine): the real date, never pinned, and a 404 to setting it', async () => {
    const clock = fixedClock('2025-06-02');
    expect(clockState(clock, undefined)).toEqual({ today: '2025-06-02', pinned: false });
    await expect(pinToday(clock, undefined, '2021-03-01')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'The clock can only be set on the local emulator',
    });
  });

  it("on the local stack: the time machine's date, pinned until it is let go", async () => {
    let pinned: string | null = null;
    const clock = { now: () => new Date(), today: () => pinned ?? '2025-06-02' };
    const timeMachine = {
      pinnedDate: () => pinned,
      pin: async (today: string | null) => void (pinned = today),
    } as TimeMachine;
    expect(await pinToday(clock, timeMachine, '2021-03-01')).toEqual({ today: '2021-03-01', pinned: true });
    expect(clockState(clock, timeMachine)).toEqual({ today: '2021-03-01', pinned: true });
    expect(await pinToday(clock, timeMachine, null)).toEqual({ today: '2025-06-02', pinned: false });
  });
});
