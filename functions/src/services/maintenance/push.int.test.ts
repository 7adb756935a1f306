import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushMessage } from '@stockseer/contract';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { startPushService, type PushService } from '../../../../tools/testing/pushService';
import { fixedClock } from '../../domain/clock';
import { createMarketDataService } from '../../adapters/market-data';
import { createModelPool } from '../../adapters/model-pool/pool';
import { addPushDevice, pushTargets } from '../../adapters/firestore/pushDevices';
import { notificationWrite } from '../../adapters/firestore/notifications';
import { allowanceRenewed, predictionResolved } from '../../domain/notifications';
import { payments } from '../../../test/payments.testkit';
import { testPushSender, testVapidKeys } from '../../../test/push.testkit';
import { pushStep } from './push';
import { runDailyMaintenance } from './runs';
import type { MaintenanceStep, StepContext } from './steps';

/**
 * The run's push summaries (docs/product.md#web-push), in-process against the Firestore emulator, sent with real Web
 * Push encryption and VAPID signatures to a push service of the test's own on loopback, which checks and decrypts them.
 */
const { db } = adminSdk();
const clock = fixedClock('2024-06-12');
const marketData = createMarketDataService({ db, clock });
const models = createModelPool({ threads: 1 });
const keys = testVapidKeys();
const push = testPushSender(keys);
const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  expect(service.rejected()).toEqual([]);
  await service.close();
});

const context = (runId: string, finalAttempt = false): StepContext => ({
  db,
  marketData,
  models,
  payments,
  push,
  runId,
  clock,
  finalAttempt,
});

/** What a run wrote in a user's inbox, as settlement and the renewal write it. */
async function notify(uid: string, runId: string, what: 'hit' | 'missed' | 'free hit' | 'renewed') {
  const draft =
    what === 'renewed'
      ? allowanceRenewed({ freePredictions: 5, resetDate: '2024-07-12' }, runId)
      : predictionResolved(
          {
            predictionId: `push-${stamp()}`,
            symbol: 'KO',
            timeFrame: 'short',
            status: what === 'missed' ? 'missed' : 'hit',
            isFree: what === 'free hit',
          },
          runId,
        );
  const [ref, data] = notificationWrite(db, uid, draft, clock.now());
  await ref.create(data);
}

async function device(uid: string, answer = 201) {
  const subscription = service.subscribe({ answer });
  await addPushDevice(db, uid, { subscription: subscription.json, device: 'Chrome on Linux', now: clock.now() });
  return subscription;
}

const message = (payload: string) => PushMessage.parse(JSON.parse(payload));

describe("a run's push summaries", () => {
  it('push one summary per user, once under a retried shard, and delete a device its push service says is gone', async () => {
    const runId = `push-run-${stamp()}`;
    const [investor, quiet, noDevice] = ['investor', 'quiet', 'no-device'].map((who) => `push-${who}-${stamp()}`) as [
      string,
      string,
      string,
    ];
    const phone = await device(investor);
    const gone = await device(investor, 410);
    await device(quiet);
    await notify(investor, runId, 'hit');
    await notify(investor, runId, 'missed');
    await notify(investor, runId, 'hit');
    await notify(quiet, `another-${runId}`, 'missed');
    await notify(noDevice, runId, 'hit');
    const shard = { userIds: [investor, quiet, noDevice] };

    const first = await pushStep.run(context(runId), shard);
    // The queue delivers the shard again (a crash after its work, say): nothing is pushed twice.
    const retried = await pushStep.run(context(runId, true), shard);

    expect(first).toEqual({ pushSentCount: 1, pushGoneCount: 1, failedCount: 0 });
    expect(retried).toEqual(first);
    const [pushed] = phone.received();
    expect(phone.received()).toHaveLength(1);
    expect(message(pushed!.payload)).toEqual({
      title: 'StockSeer',
      body: '3 forecasts resolved: 2 hits, $2.00 charged; 1 miss, $1.00 released',
      url: '/history',
      tag: `run-${runId}`,
    });
    expect(pushed!.vapid).toMatchObject({ publicKey: keys.publicKey, subject: keys.subject });
    expect(pushed!.ttl).toBe(86_400);
    expect(gone.received()).toHaveLength(1);
    expect((await pushTargets(db, investor)).map((t) => t.endpoint)).toEqual([phone.json.endpoint]);
    // Nothing of this run for the quiet user; nowhere to push for the other.
    expect(service.received().filter((p) => p.payload.includes(runId))).toHaveLength(2);
  });

  it('refuses at send an endpoint stored before the rule, following no redirect, and keeps its device', async () => {
    const runId = `push-refused-${stamp()}`;
    const uid = `push-refused-${stamp()}`;
    const phone = await device(uid);
    // What a subscription of old could hold: the stack's Firestore emulator, loopback in another spelling. Written as
    // the API once took them.
    const forbidden = [
      `http://127.0.0.1:${process.env.FIRESTORE_EMULATOR_HOST!.split(':')[1]}/v1/projects/demo-stockseer/databases`,
      'http://2130706433/x',
    ];
    for (const endpoint of forbidden) {
      const subscription = { ...phone.json, endpoint };
      await addPushDevice(db, uid, { subscription, device: 'Chrome on Linux', now: clock.now() });
    }
    await notify(uid, runId, 'hit');

    const result = await pushStep.run(context(runId), { userIds: [uid] });

    expect(result).toEqual({ pushSentCount: 1, pushGoneCount: 0, failedCount: 0 });
    expect(phone.received()).toHaveLength(1);
    // Not a 404 to mistake for a gone subscription: every device is still there.
    expect((await pushTargets(db, uid)).map((t) => t.endpoint).sort()).toEqual(
      [phone.json.endpoint, ...forbidden].sort(),
    );
  });

  it('plans one shard over the users the run notified, each once', async () => {
    const runId = `push-plan-${stamp()}`;
    const users = ['a', 'b'].map((who) => `push-plan-${who}-${stamp()}`) as [string, string];
    await notify(users[0]!, runId, 'hit');
    await notify(users[0]!, runId, 'renewed');
    await notify(users[1]!, runId, 'free hit');
    await notify(`push-plan-other-${stamp()}`, `another-${runId}`, 'missed');
    const plans = await pushStep.plan({ db, marketData, models, payments, push, runId, clock });
    expect(plans).toHaveLength(1);
    expect(plans[0]!.input.userIds.sort()).toEqual([...users].sort());
    expect(plans[0]!.itemCount).toBe(2);
  });

  it('is planned when the other steps have ended, so it sums up what they wrote', async () => {
    const uid = `push-after-${stamp()}`;
    const phone = await device(uid);
    // Stands for settlement: its shard writes the notifications, as the real one does in its transactions.
    const resolving: MaintenanceStep<{ uid: string }> = {
      name: 'resolve',
      plan: async () => [{ input: { uid }, itemCount: 1 }],
      run: async (ctx, input) => {
        await notify(input.uid, ctx.runId, 'missed');
        await notify(input.uid, ctx.runId, 'renewed');
        return { updatedCount: 1 };
      },
    };
    const steps = [pushStep, resolving] as MaintenanceStep[];
    const report = await runDailyMaintenance({ db, clock, marketData, models, payments, push, steps });

    expect(report).toMatchObject({ updatedCount: 1, pushSentCount: 1, failedCount: 0 });
    expect(phone.received().map((p) => message(p.payload))).toEqual([
      {
        title: 'StockSeer',
        body: '1 forecast resolved: 1 miss, $1.00 released. Your 5 free predictions are renewed',
        url: expect.stringMatching(/^\/history\?prediction=push-/),
        tag: `run-${report.runId}`,
      },
    ]);
  }, 60_000);
});
