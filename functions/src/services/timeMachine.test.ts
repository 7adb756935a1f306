import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@stockseer/contract';
import { fixedClock, type TimeMachine } from '../domain/clock';
import { clockState, pinToday } from './timeMachine';

const ADMIN = { uid: 'admin1', email: 'admin@test', displayName: null, photoURL: null, isAdmin: true };

describe('the clock as the Admin tab sees it', () => {
  it('in production (no time machine): the real date, never pinned, and a 404 to setting it', async () => {
    const clock = fixedClock('2025-06-02');
    expect(clockState(clock, undefined)).toEqual({ today: '2025-06-02', pinned: false });
    await expect(pinToday({ clock }, ADMIN, { today: '2021-03-01' })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'The clock can only be set on the local emulator',
    });
  });

  it("on the local stack: the time machine's date, pinned until it is let go, each pin with its audit entry", async () => {
    let pinned: string | null = null;
    const audits: (AuditEntry | undefined)[] = [];
    const clock = { now: () => new Date(), today: () => pinned ?? '2025-06-02' };
    const timeMachine = {
      pinnedDate: () => pinned,
      pin: async (today: string | null, audit?: AuditEntry) => {
        pinned = today;
        audits.push(audit);
      },
    } as TimeMachine;
    const pin = (today: string | null) => pinToday({ clock, timeMachine }, ADMIN, { today, reason: 'replay March' });
    expect(await pin('2021-03-01')).toEqual({ today: '2021-03-01', pinned: true });
    expect(clockState(clock, timeMachine)).toEqual({ today: '2021-03-01', pinned: true });
    expect(await pin(null)).toEqual({ today: '2025-06-02', pinned: false });
    expect(audits).toMatchObject([
      {
        action: 'time_machine',
        actorUid: 'admin1',
        reason: 'replay March',
        details: { today: '2021-03-01', previousToday: '2025-06-02' },
      },
      { action: 'time_machine', details: { today: null, previousToday: '2021-03-01' } },
    ]);
  });
});
