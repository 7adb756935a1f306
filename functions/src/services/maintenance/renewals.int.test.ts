import { afterAll, describe, expect, it } from 'vitest';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { fixedClock } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { createModelPool } from '../../adapters/model-pool/pool';
import { storedNotification } from '../../adapters/firestore/notifications';
import { walletOf } from '../../adapters/firestore/walletWriter';
import { payments } from '../../../test/payments.testkit';
import { push } from '../../../test/push.testkit';
import { renewalStep } from './renewals';
import type { StepContext } from './steps';

/**
 * The renewal step in-process against the Firestore emulator, as the task queue would call it: a retried shard, and
 * a duplicate delivery of it at the same moment, renew each wallet once and write its inbox entry once.
 */
const { db } = adminSdk();
const clock = fixedClock('2026-03-16');
const models = createModelPool({ threads: 1 });
afterAll(() => models.close());
const context = (runId: string): StepContext => ({
  db,
  clock,
  runId,
  finalAttempt: false,
  marketData: createMarketDataService({ db, clock }),
  models,
  payments,
  push,
});

const inboxOf = async (userId: string) =>
  (await db.collection('users').doc(userId).collection('notifications').get()).docs.map(storedNotification);

describe('renewing allowances', () => {
  it("writes each renewal's inbox entry once, stamped with the run, however often the shard runs", async () => {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const due = [`renew-a-${stamp}`, `renew-b-${stamp}`];
    const notDue = `renew-c-${stamp}`;
    for (const userId of [...due, notDue]) await walletOf(db, userId, new Date('2026-01-10T15:00:00Z'));
    for (const userId of due)
      await db.collection('wallets').doc(userId).update({ freePredictions: 0, resetDate: '2026-03-10' });
    await db.collection('wallets').doc(notDue).update({ resetDate: '2026-04-10' });
    const runId = `renew-run-${stamp}`;
    const input = { walletIds: [...due, notDue] };

    const reports = await Promise.all([renewalStep.run(context(runId), input), renewalStep.run(context(runId), input)]);
    const retried = await renewalStep.run(context(runId), input);

    expect(reports.reduce((n, r) => n + (r.resetWalletsCount ?? 0), 0)).toBe(2);
    expect(retried).toMatchObject({ resetWalletsCount: 0, failedCount: 0 });
    for (const userId of due) {
      expect(await inboxOf(userId)).toEqual([
        expect.objectContaining({
          id: 'renewed:2026-04-10',
          kind: 'allowance.renewed',
          runId,
          amountCents: 0,
          freePredictions: 5,
          resetDate: '2026-04-10',
          read: false,
        }),
      ]);
    }
    expect(await inboxOf(notDue)).toEqual([]);
  }, 60_000);
});
