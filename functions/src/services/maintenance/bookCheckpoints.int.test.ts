import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { ADMIN_ALERTS_MAX_PAGE, AdminAlertsPage, BooksFullAudit } from '@stockseer/contract';
import { fixedClock } from '../../domain/clock';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { balanceReaches, db, paidTopUp } from '../../../test/payments.testkit';
import { stepContext } from '../../../test/steps.testkit';
import type { BooksCheckpoint } from '../../domain/maintenance/books';
import { auditStep } from './books';

/**
 * The books audit's checkpoints through the emulators and the Stripe sandbox: real top-ups stamped by the wallet
 * writer, the nightly audit reading on from each wallet's checkpoint, and the full audit (the Admin's action) finding
 * a line changed, added or removed behind one. The shards run in-process on exactly these wallets.
 */
const clock = fixedClock(new Date().toISOString().slice(0, 10));
const night = (runId: string, walletIds: string[]) =>
  auditStep.run(stepContext(runId, clock), { walletIds, since: '' });

const checkpointOf = async (walletId: string) =>
  (await db.collection('bookCheckpoints').doc(walletId).get()).data() as BooksCheckpoint | undefined;

async function adminToken() {
  const account = await newTestUser('books-checkpoint-admin');
  await getAuth().setCustomUserClaims(account.uid, { admin: true });
  return (await emulatorSignIn(account)).idToken;
}

async function fullAudit(token: string, walletIds: string[]) {
  const { status, body } = await apiCall('/api/admin/books/full-audit', { method: 'POST', token, body: { walletIds } });
  expect(status).toBe(200);
  return BooksFullAudit.parse(body);
}

async function alertsOf(token: string, runId: string) {
  const { body } = await apiCall(`/api/admin/alerts?limit=${ADMIN_ALERTS_MAX_PAGE}`, { token });
  return AdminAlertsPage.parse(body).alerts.filter((a) => a.eventId === runId);
}

/** A wallet with two real top-ups, audited once: its checkpoint stands on its two deposit lines. */
async function auditedWallet(name: string) {
  const user = await newTestUser(name);
  expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
  const first = await paidTopUp(user.token, 10);
  await balanceReaches(user.uid, 1000);
  const second = await paidTopUp(user.token, 5);
  await balanceReaches(user.uid, 1500);
  expect(await night(`checkpoint-${name}-${Date.now()}`, [user.uid])).toMatchObject({ booksDiscrepancies: 0 });
  return { user, lines: [`deposit:${first}`, `deposit:${second}`] };
}

describe('the books audit from its checkpoints', () => {
  it('audits on from the checkpoint each night: a line after it is audited, a line behind it is not read again', async () => {
    const { user, lines } = await auditedWallet('books-night');
    const first = await checkpointOf(user.uid);
    expect(first?.fold).toMatchObject({ walletId: user.uid, lineCount: 2, totals: { deposit: 1500 } });
    expect(lines).toContain(first?.position?.txId);

    // A third top-up: the night folds its line onto the checkpoint and moves on to it.
    const third = await paidTopUp(user.token, 7);
    await balanceReaches(user.uid, 2200);
    expect(await night(`checkpoint-night-${Date.now()}`, [user.uid])).toMatchObject({
      booksWalletsCount: 1,
      booksInCents: 2200,
      booksDiscrepancies: 0,
    });
    const second = await checkpointOf(user.uid);
    expect(second?.fold).toMatchObject({ lineCount: 3, totals: { deposit: 2200 } });
    expect(second?.position?.txId).toBe(`deposit:${third}`);

    // Behind the checkpoint, the first deposit is made larger: the night reads on from the checkpoint and does not
    // see it (the full audit does, below); a line written after it, with no money behind it, is found and named.
    const firstLine = db.collection('transactions').doc(lines[0]!);
    const stored = (await firstLine.get()).data()!;
    await firstLine.update({ amount: 1100 });
    const forged = db.collection('transactions').doc(`credit:forged-${user.uid}`);
    await forged.set({
      walletId: user.uid,
      type: 'credit',
      amount: 300,
      description: 'Not written by the wallet writer',
      date: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      committedAt: Timestamp.now(),
    });
    const runId = `checkpoint-forged-${Date.now()}`;
    expect(await night(runId, [user.uid])).toMatchObject({ booksDiscrepancies: 1 });
    const token = await adminToken();
    const [alert] = await alertsOf(token, runId);
    expect(alert?.walletId).toBe(user.uid);
    expect(alert?.transactionIds).toEqual([forged.id]);
    expect(alert?.reason).toContain('wallet holds 2200 cents but received 2500 and gave back 0');
    // A wallet with a finding keeps its last sound checkpoint.
    expect(await checkpointOf(user.uid)).toEqual(second);

    await forged.delete();
    await firstLine.set(stored);
    expect(await night(`checkpoint-mended-${Date.now()}`, [user.uid])).toMatchObject({ booksDiscrepancies: 0 });
  }, 90_000);

  it('finds a line changed, added or removed behind a checkpoint in the full audit, and names the wallet and the line', async () => {
    const { user, lines } = await auditedWallet('books-behind');
    const token = await adminToken();
    const checkpoint = (await checkpointOf(user.uid))!;
    const expectFound = async (txIds: string[], ...reasons: string[]) => {
      const { runId, booksWalletsCount, booksDiscrepancies } = await fullAudit(token, [user.uid]);
      expect(booksWalletsCount).toBe(1);
      const alerts = await alertsOf(token, runId);
      expect(alerts.length).toBe(booksDiscrepancies);
      const found = alerts.find((a) => a.reason.includes('behind its audited checkpoint'));
      expect(found?.walletId).toBe(user.uid);
      expect(found?.transactionIds).toEqual(txIds);
      for (const reason of reasons) expect(found?.reason).toContain(reason);
      // The nightly audit, reading on from the checkpoint, finds nothing new in any of these.
      expect(await night(`checkpoint-night-${Date.now()}`, [user.uid])).toMatchObject({ booksDiscrepancies: 0 });
    };
    const sound = async () => expect(await fullAudit(token, [user.uid])).toMatchObject({ booksDiscrepancies: 0 });
    await sound();

    // Changed: a description rewritten, the money untouched; only the digest sees it.
    const line = db.collection('transactions').doc(lines[0]!);
    const stored = (await line.get()).data()!;
    await line.update({ description: 'Rewritten' });
    await expectFound([lines[0]!], `changed or added behind it: ${lines[0]}`, 'where the audit found 2');
    await line.set(stored);
    await sound();

    // Added: a line moving no money, stamped as if committed long before the checkpoint.
    const added = db.collection('transactions').doc(`reserve:forged-${user.uid}`);
    await added.set({
      walletId: user.uid,
      type: 'free_prediction',
      amount: 0,
      description: 'Free prediction',
      date: new Date().toISOString(),
      createdAt: new Date().toISOString(),
      committedAt: Timestamp.fromMillis(1000),
    });
    await expectFound([added.id], `Wallet ${user.uid} has 3 lines behind its audited checkpoint`);
    await added.delete();
    await sound();

    // Removed: the books then break too (the full audit says so as well), and the checkpoint names where it stands.
    await line.delete();
    await expectFound([checkpoint.position!.txId], '1 lines behind its audited checkpoint', '1 removed');
    await line.set(stored);
    await sound();
    expect(await checkpointOf(user.uid)).toMatchObject({ fold: { lineCount: 2, digest: checkpoint.fold.digest } });
  }, 120_000);

  it("plans every wallet in full on Friday's run, and only the wallets that moved on the other nights", async () => {
    const { user } = await auditedWallet('books-weekly');
    const friday = await auditStep.plan(stepContext('plan-friday', fixedClock('2026-11-27')));
    expect(friday.every((shard) => shard.input.full)).toBe(true);
    expect(friday.flatMap((shard) => shard.input.walletIds)).toContain(user.uid);
    const thursday = await auditStep.plan(stepContext('plan-thursday', fixedClock('2026-11-26')));
    expect(thursday.every((shard) => !shard.input.full)).toBe(true);
  }, 90_000);
});
