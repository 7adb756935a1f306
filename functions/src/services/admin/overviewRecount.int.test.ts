import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue, Query, type Firestore } from 'firebase-admin/firestore';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { Overview, type OverviewPeriod } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { db } from '../../../test/payments.testkit';
import { recountOverview } from './overviewRecount';

/**
 * `npm run admin:recount-overview` after accounts are closed (docs/architecture.md#the-business-overview): a closure
 * deletes the wallet, the profile and the Auth account, yet the new user its wallet's opening counted stays counted,
 * so the recount finds the opening in the closure record and neither reports nor mends a difference.
 */
// A day and a month no other test makes accounts on.
const DAY = '2023-08-14';
let admin: string;

const asAdmin = (path: string, body?: unknown) => apiCall<unknown>(path, { token: admin, body });

async function newUsersOf(granularity: 'day' | 'month'): Promise<number> {
  const res = await asAdmin(`/api/admin/overview?granularity=${granularity}&from=${DAY}&to=${DAY}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [period] = Overview.parse(res.body).periods as [OverviewPeriod];
  return period.newUsers;
}
const newUsers = async () => ({ day: await newUsersOf('day'), month: await newUsersOf('month') });

/** The script itself, as an operator runs it: its exit code and what it prints. */
async function recountScript(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const run = await promisify(execFile)('npx', ['tsx', 'tools/admin/recountOverview.ts', ...args], {
      env: process.env,
    });
    return { code: 0, stdout: run.stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, stdout };
  }
}
const EQUAL = { code: 0, stdout: expect.stringContaining("the overview's figures equal the recount.") as unknown };

beforeAll(async () => {
  admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
  expect((await asAdmin('/api/admin/clock', { today: DAY })).status).toBe(200);
});
afterAll(async () => {
  await asAdmin('/api/admin/clock', { today: null });
});

/**
 * `db`, except that the first read of the closure records waits for `meanwhile` first: what happens between the
 * recount's read of the wallets and its read of the closure records.
 */
function closureReadAfter(db: Firestore, meanwhile: () => Promise<void>): Firestore {
  let first: Promise<void> | undefined;
  const hooked = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          // `get` when read alone, `_get` when read in a transaction.
          if (key === 'get' || key === '_get') {
            first ??= meanwhile();
            return first.then(() => (value as (...a: unknown[]) => unknown).apply(object, args));
          }
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          return result instanceof Query ? hooked(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (key !== 'collection' || typeof value !== 'function') {
        return typeof value === 'function' ? value.bind(object) : value;
      }
      return (name: string) => (name === 'accountClosures' ? hooked(object.collection(name)) : object.collection(name));
    },
  });
}

describe('the overview recount after closures', () => {
  it('reads the wallets and the closure records from one snapshot: an account closed between the two reads counts once', async () => {
    await recountOverview(db, { mend: true });
    const before = await newUsers();
    const user = await newTestUser('recount-closed-meanwhile');
    expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
    let closedMeanwhile = false;
    const close = async () => {
      const closed = await apiCall('/api/account/close', { token: user.token, body: { confirmation: 'CLOSE' } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      closedMeanwhile = true;
    };

    expect(await recountOverview(closureReadAfter(db, close), { mend: false })).toEqual([]);
    expect(closedMeanwhile).toBe(true);
    expect(await recountOverview(db, { mend: false })).toEqual([]);
    expect(await newUsers()).toEqual({ day: before.day + 1, month: before.month + 1 });
  });

  it('counts a closed account as the new user it was: no difference, and --mend changes nothing', async () => {
    // What other files wrote behind the wallet writer's back is not this test's: the figures start equal to a recount.
    await recountOverview(db, { mend: true });
    const before = await newUsers();

    for (const label of ['recount-closed-1', 'recount-closed-2']) {
      const user = await newTestUser(label);
      expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
      const closed = await apiCall('/api/account/close', { token: user.token, body: { confirmation: 'CLOSE' } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    }
    expect(await newUsers()).toEqual({ day: before.day + 2, month: before.month + 2 });

    expect(await recountScript()).toEqual(EQUAL);
    expect(await recountScript('--mend')).toEqual(EQUAL);
    expect(await newUsers()).toEqual({ day: before.day + 2, month: before.month + 2 });
  });

  it('leaves new users alone, neither reported nor mended, for a closed account whose opening is not kept', async () => {
    await recountOverview(db, { mend: true });
    const before = await newUsers();
    const user = await newTestUser('recount-unkept');
    expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
    expect((await apiCall('/api/account/close', { token: user.token, body: { confirmation: 'CLOSE' } })).status).toBe(
      200,
    );
    // As a record written before closures kept the opening.
    const record = db.collection('accountClosures').doc(user.uid);
    const walletOpenedAt = (await record.get()).get('walletOpenedAt') as string | undefined;
    await record.update({ walletOpenedAt: FieldValue.delete() });
    try {
      const lines = await recountOverview(db, { mend: true });
      expect(lines).toEqual(["newUsers not recounted: 1 closed accounts' wallet openings are not kept"]);
      expect(await newUsers()).toEqual({ day: before.day + 1, month: before.month + 1 });
    } finally {
      await record.update({ walletOpenedAt: walletOpenedAt ?? FieldValue.delete() });
    }
  });
});
