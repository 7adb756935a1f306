import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import {
  AdminRefundResponse,
  AuditLogPage,
  ClockState,
  CourtesyCreditResponse,
  CustomerSessions,
  CustomerStatementPage,
  CustomerView,
  SUPPORT_MESSAGES,
  type AuditEntry,
} from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { emulatorSignIn } from '../../../../tools/lib/emulatorSignIn';
import { grantAdmin } from '../../../../tools/lib/grantAdmin';
import { balanceReaches, db, healthyLedger, paidTopUp, stripe } from '../../../test/payments.testkit';

/**
 * Issue 26, items 3 and 4, through the emulators and the Stripe sandbox: the customer view, the support actions
 * (courtesy credit, refund, sign out everywhere) and the audit log each writes with its change.
 */
let admin: { uid: string; token: string; email: string };
let secondAdmin: { uid: string; token: string; email: string };

beforeAll(async () => {
  const signedIn = await emulatorSignIn(DEMO_ADMIN);
  admin = { uid: signedIn.uid, token: signedIn.idToken, email: DEMO_ADMIN.email };
  // A second admin, for two admins acting on one wallet at once: the claim, then a token that carries it.
  const other = await newTestUser('second-admin');
  await grantAdmin(getAuth(), db, other.email, { tool: 'support.int.test', reason: 'a second admin for the races' });
  const again = await emulatorSignIn(other);
  secondAdmin = { uid: other.uid, token: again.idToken, email: other.email };
});

const as = (token: string) => (path: string, body?: unknown, key?: string) =>
  apiCall<unknown>(path, { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
const asAdmin = (path: string, body?: unknown, key?: string) => as(admin.token)(path, body, key);

const credit = (uid: string, body: unknown, key = randomUUID(), token = admin.token) =>
  as(token)(`/api/admin/users/${uid}/credits`, body, key);
const refund = (uid: string, body: unknown, key = randomUUID()) =>
  asAdmin(`/api/admin/users/${uid}/refunds`, body, key);

async function auditOf(query: string): Promise<AuditEntry[]> {
  const res = await asAdmin(`/api/admin/audit-log?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AuditLogPage.parse(res.body).entries;
}

/** A signed-in user whose wallet is open. */
async function customer(label: string) {
  const user = await newTestUser(label);
  expect((await apiCall('/api/me', { token: user.token, body: {} })).status).toBe(200);
  return user;
}

/** A customer whose top-up of `dollars` the webhook credited. */
async function customerWithTopUp(label: string, dollars: number) {
  const user = await customer(label);
  const paymentIntentId = await paidTopUp(user.token, dollars);
  await balanceReaches(user.uid, dollars * 100);
  return { ...user, paymentIntentId };
}

/**
 * A customer below zero with money left to refund: $5 and $5 in, $1 reserved by a paid prediction, then the bank
 * refunds the first top-up and $4.50 of the second: Available is -$0.50, and $0.50 of the second is refundable.
 */
async function customerInDebt(label: string) {
  const user = await customerWithTopUp(label, 5);
  const second = await paidTopUp(user.token, 5);
  await balanceReaches(user.uid, 1000);
  await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
  const made = await apiCall('/api/predictions/generate', {
    token: user.token,
    body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  await stripe.refunds.create({ payment_intent: user.paymentIntentId });
  await stripe.refunds.create({ payment_intent: second, amount: 450 });
  await balanceReaches(user.uid, -50);
  return { ...user, second };
}

describe('the support routes are for admins only', () => {
  it('answers 401 anonymous, 403 to a non-admin, 404 for an unknown user and 400 for a malformed one', async () => {
    const user = await customer('not-admin-support');
    const key = randomUUID();
    const routes: [string, unknown?][] = [
      [`/api/admin/users/${user.uid}`],
      [`/api/admin/users/${user.uid}/statement`],
      [`/api/admin/users/${user.uid}/predictions`],
      [`/api/admin/users/${user.uid}/credits`, { amountCents: 100, reason: 'sorry' }],
      [`/api/admin/users/${user.uid}/refunds`, { paymentIntentId: 'pi_x', amountCents: 100, reason: 'sorry' }],
      [`/api/admin/users/${user.uid}/sign-out`, { reason: 'sorry' }],
      ['/api/admin/audit-log'],
    ];
    for (const [path, body] of routes) {
      expect((await apiCall(path, { body, headers: { 'Idempotency-Key': key } })).status, path).toBe(401);
      expect((await as(user.token)(path, body, key)).status, path).toBe(403);
      const unknown = path.replace(user.uid, 'no-such-user');
      if (unknown === path) continue;
      const missing = await asAdmin(unknown, body, key);
      expect(missing, unknown).toMatchObject({ status: 404, body: { message: SUPPORT_MESSAGES.unknownUser } });
    }
    expect((await asAdmin('/api/admin/users/__bad__')).status).toBe(400);
    expect(await auditOf('targetUserId=no-such-user')).toEqual([]);
  });
});

describe('the customer view', () => {
  it('shows the profile, the wallet figures, the sessions, the payments and the statement a page at a time', async () => {
    const user = await customerWithTopUp('view', 10);
    const view = CustomerView.parse((await asAdmin(`/api/admin/users/${user.uid}`)).body);
    expect(view.profile).toMatchObject({ id: user.uid, email: user.email, isAdmin: false });
    expect(view.figures).toEqual({
      available: 1000,
      reserved: 0,
      charged: 0,
      owed: 0,
      heldForRefunds: 0,
      freePredictions: 5,
    });
    expect(view.sessions).toMatchObject({ disabled: false });
    expect(view.sessions.lastSignInAt).not.toBeNull();
    expect(view.payments).toMatchObject([
      { paymentIntentId: user.paymentIntentId, amountCents: 1000, refundedCents: 0, refundableCents: 1000 },
    ]);
    // Two credits: three lines, read two then one, newest first, each with Available after it.
    await credit(user.uid, { amountCents: 100, reason: 'first' });
    await credit(user.uid, { amountCents: 200, reason: 'second' });
    const first = CustomerStatementPage.parse((await asAdmin(`/api/admin/users/${user.uid}/statement?limit=2`)).body);
    expect(first.lines.map((l) => [l.type, l.amount, l.after.available])).toEqual([
      ['credit', 200, 1300],
      ['credit', 100, 1100],
    ]);
    const rest = CustomerStatementPage.parse(
      (await asAdmin(`/api/admin/users/${user.uid}/statement?limit=2&cursor=${first.nextCursor}`)).body,
    );
    expect(rest).toMatchObject({ lines: [{ type: 'deposit', amount: 1000 }], nextCursor: null });
    expect((await asAdmin(`/api/admin/users/${user.uid}/statement?cursor=nope`)).status).toBe(400);
  });
});

describe('a courtesy credit', () => {
  it('needs a reason, an Idempotency-Key and an amount from $0.01 to $100', async () => {
    const user = await customer('credit-input');
    for (const body of [
      { amountCents: 100 },
      { amountCents: 100, reason: '   ' },
      { amountCents: 0, reason: 'x' },
      { amountCents: 10_001, reason: 'x' },
      { amountCents: 1.5, reason: 'x' },
    ]) {
      const res = await credit(user.uid, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('message');
    }
    const noKey = await apiCall(`/api/admin/users/${user.uid}/credits`, {
      token: admin.token,
      body: { amountCents: 100, reason: 'x' },
    });
    expect(noKey).toMatchObject({ status: 400, body: { message: SUPPORT_MESSAGES.keyRequired } });
    expect((await healthyLedger(user.uid)).transactions).toEqual([]);
    expect(await auditOf(`targetUserId=${user.uid}`)).toEqual([]);
  });

  it('moves money once per key, answers a replay without moving it, refuses the key for another body, and audits it', async () => {
    const user = await customer('credit');
    const key = randomUUID();
    const body = { amountCents: 250, reason: 'The outage on Monday' };
    const first = CourtesyCreditResponse.parse((await credit(user.uid, body, key)).body);
    expect(first).toMatchObject({ credited: true, wallet: { balance: 250 } });
    const replay = CourtesyCreditResponse.parse((await credit(user.uid, body, key)).body);
    expect(replay).toMatchObject({ credited: false, transactionId: first.transactionId, wallet: { balance: 250 } });
    expect(await credit(user.uid, { ...body, amountCents: 300 }, key)).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.keyReused },
    });
    const ledger = await healthyLedger(user.uid);
    expect(ledger.transactions).toMatchObject([
      { id: first.transactionId, type: 'credit', amount: 250, description: 'Courtesy credit from StockSeer: $2.50' },
    ]);
    // The user's own statement shows it.
    const own = await apiCall<{ type: string; amount: number }[]>('/api/wallet/transactions', { token: user.token });
    expect(own.body.map((l) => [l.type, l.amount])).toEqual([['credit', 250]]);
    expect(await auditOf(`targetUserId=${user.uid}`)).toMatchObject([
      {
        action: 'courtesy_credit',
        actorUid: admin.uid,
        actorEmail: admin.email,
        targetUserId: user.uid,
        targetEmail: user.email,
        amountCents: 250,
        reason: body.reason,
        details: { transactionId: first.transactionId },
      },
    ]);
  });

  it('is refused on a wallet that owes money, leaving no line and no audit entry', async () => {
    const user = await customerInDebt('credit-debt');
    expect(await credit(user.uid, { amountCents: 500, reason: 'would hide the debt' })).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.walletOwes(50) },
    });
    expect((await healthyLedger(user.uid)).transactions.filter((t) => t.type === 'credit')).toEqual([]);
    expect(await auditOf(`targetUserId=${user.uid}&action=courtesy_credit`)).toEqual([]);
  }, 120_000);

  it('from two admins at once: once per key with different keys, once in all with the same key', async () => {
    const user = await customer('credit-race');
    const body = { amountCents: 100, reason: 'two admins at once' };
    const different = await Promise.all([
      credit(user.uid, body, randomUUID(), admin.token),
      credit(user.uid, body, randomUUID(), secondAdmin.token),
    ]);
    expect(different.map((r) => r.status)).toEqual([200, 200]);
    const key = randomUUID();
    const same = await Promise.all([
      credit(user.uid, body, key, admin.token),
      credit(user.uid, body, key, secondAdmin.token),
    ]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    const credited = same.map((r) => CourtesyCreditResponse.parse(r.body).credited).sort();
    expect(credited).toEqual([false, true]);
    const ledger = await healthyLedger(user.uid);
    expect(ledger.wallet.balance).toBe(300);
    expect(ledger.transactions.filter((t) => t.type === 'credit')).toHaveLength(3);
    const entries = await auditOf(`targetUserId=${user.uid}`);
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((e) => e.actorUid))).toEqual(new Set([admin.uid, secondAdmin.uid]));
  }, 120_000);
});

describe('an admin refund of a top-up', () => {
  it('refunds through Stripe, as a bank refund is applied, once per key, within what is left and available', async () => {
    const user = await customerWithTopUp('admin-refund', 20);
    const key = randomUUID();
    const body = { paymentIntentId: user.paymentIntentId, amountCents: 500, reason: 'Asked for part back' };
    const done = AdminRefundResponse.parse((await refund(user.uid, body, key)).body);
    expect(done).toMatchObject({ amountCents: 500, wallet: { balance: 1500 } });
    // Stripe has it, and the ledger line is the one a webhook of that refund writes.
    const listed = await stripe.refunds.list({ payment_intent: user.paymentIntentId });
    expect(listed.data.map((r) => [r.id, r.amount])).toEqual([[done.refundId, 500]]);
    const ledger = await healthyLedger(user.uid);
    expect(ledger.transactions.find((t) => t.type === 'top_up_refund')).toMatchObject({
      id: `top-up-refund:${user.paymentIntentId}:${done.refundId}`,
      amount: 500,
    });
    // A replay: the same refund, nothing moves.
    const again = AdminRefundResponse.parse((await refund(user.uid, body, key)).body);
    expect(again).toMatchObject({ refundId: done.refundId, wallet: { balance: 1500 } });
    expect((await stripe.refunds.list({ payment_intent: user.paymentIntentId })).data).toHaveLength(1);
    expect(await refund(user.uid, { ...body, amountCents: 600 }, key)).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.keyReused },
    });
    // More than is left of the top-up; more than Available holds.
    expect(await refund(user.uid, { ...body, amountCents: 1600 })).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.refundExceedsRefundable(1500) },
    });
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
    const made = await apiCall('/api/predictions/generate', {
      token: user.token,
      body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await refund(user.uid, { ...body, amountCents: 1500 })).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.refundExceedsAvailable(1400) },
    });
    const view = CustomerView.parse((await asAdmin(`/api/admin/users/${user.uid}`)).body);
    expect(view.payments).toMatchObject([{ refundedCents: 500, refundableCents: 1500 }]);
    expect(view.payments[0]!.takenBack.map((t) => t.type)).toEqual(['top_up_refund']);
    // One audit entry, for the refund that was made.
    expect(await auditOf(`targetUserId=${user.uid}&action=refund`)).toMatchObject([
      {
        actorUid: admin.uid,
        amountCents: 500,
        reason: body.reason,
        details: { paymentIntentId: user.paymentIntentId },
      },
    ]);
  }, 120_000);

  it("is refused for another user's top-up and on a wallet that owes money", async () => {
    const owner = await customerWithTopUp('refund-owner', 5);
    const other = await customer('refund-other');
    const body = { paymentIntentId: owner.paymentIntentId, amountCents: 100, reason: 'wrong user' };
    expect(await refund(other.uid, body)).toMatchObject({
      status: 404,
      body: { message: SUPPORT_MESSAGES.notThisUsersTopUp },
    });
    const debtor = await customerInDebt('refund-debt');
    const owed = { paymentIntentId: debtor.second, amountCents: 50, reason: 'would deepen the debt' };
    expect(await refund(debtor.uid, owed)).toMatchObject({
      status: 409,
      body: { message: SUPPORT_MESSAGES.walletOwes(50) },
    });
    expect((await stripe.refunds.list({ payment_intent: debtor.second })).data).toHaveLength(1);
    expect(await auditOf(`targetUserId=${debtor.uid}`)).toEqual([]);
    expect(await auditOf(`targetUserId=${other.uid}`)).toEqual([]);
  }, 120_000);

  it('racing a generate on the last dollars: money moves once and adds up', async () => {
    const user = await customerWithTopUp('refund-race', 5);
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
    const [refunded, generated] = await Promise.all([
      refund(user.uid, { paymentIntentId: user.paymentIntentId, amountCents: 500, reason: 'race' }),
      apiCall('/api/predictions/generate', {
        token: user.token,
        body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
      }),
    ]);
    expect([200, 409]).toContain(refunded.status);
    expect([200, 402]).toContain(generated.status);
    const ledger = await healthyLedger(user.uid);
    const count = (type: string) => ledger.transactions.filter((t) => t.type === type).length;
    expect(count('top_up_refund')).toBe(refunded.status === 200 ? 1 : 0);
    expect(count('reservation')).toBe(generated.status === 200 ? 1 : 0);
    const { balance, reservedBalance } = ledger.wallet;
    expect(balance + reservedBalance).toBe(500 - (refunded.status === 200 ? 500 : 0));
    expect(await stripe.refunds.list({ payment_intent: user.paymentIntentId })).toMatchObject({
      data: refunded.status === 200 ? [{ amount: 500 }] : [],
    });
  }, 120_000);
});

describe('sign out everywhere', () => {
  it('ends every session (and may disable the account), audited with the reason', async () => {
    const user = await customer('sign-out');
    const key = randomUUID();
    const res = await asAdmin(`/api/admin/users/${user.uid}/sign-out`, { reason: 'lost phone', disable: true }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CustomerSessions.parse(res.body)).toMatchObject({ disabled: true });
    expect(CustomerSessions.parse(res.body).tokensValidAfter).not.toBeNull();
    // A route that moves money refuses the old token at once.
    const generate = await apiCall('/api/predictions/generate', {
      token: user.token,
      body: { symbol: 'KO', modelId: 'arima', timeFrame: 'short' },
    });
    expect(generate.status).toBe(401);
    expect((await getAuth().getUser(user.uid)).disabled).toBe(true);
    expect(
      await asAdmin(`/api/admin/users/${user.uid}/sign-out`, { reason: 'other', disable: true }, key),
    ).toMatchObject({
      status: 409,
    });
    expect(await auditOf(`targetUserId=${user.uid}`)).toMatchObject([
      { action: 'sign_out', reason: 'lost phone', details: { disable: true } },
    ]);
  });
});

describe('the audit log', () => {
  it('records settings changes too, and lists newest first, filtered by action, admin, target and dates, a page at a time', async () => {
    const user = await customer('audit');
    const models = (await asAdmin('/api/admin/default-models')).body as Record<string, string>;
    const changed = await asAdmin('/api/admin/default-models', {
      timeFrame: 'long',
      modelId: models.long,
      reason: 'unchanged, for the log',
    });
    expect(changed.status).toBe(200);
    for (const amountCents of [1, 2, 3]) await credit(user.uid, { amountCents, reason: `credit ${amountCents}` });
    await credit(user.uid, { amountCents: 4, reason: 'by the other admin' }, randomUUID(), secondAdmin.token);

    const mine = await auditOf(`targetUserId=${user.uid}&actorUid=${admin.uid}&action=courtesy_credit`);
    expect(mine.map((e) => e.amountCents)).toEqual([3, 2, 1]);
    const theirs = await auditOf(`targetUserId=${user.uid}&actorUid=${secondAdmin.uid}`);
    expect(theirs.map((e) => e.reason)).toEqual(['by the other admin']);
    const paged: number[] = [];
    for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages++) {
      const page = AuditLogPage.parse(
        (await asAdmin(`/api/admin/audit-log?targetUserId=${user.uid}&limit=1${cursor ? `&cursor=${cursor}` : ''}`))
          .body,
      );
      paged.push(...page.entries.map((e) => e.amountCents!));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual([4, 3, 2, 1]);
    const settings = await auditOf(`action=default_model&actorUid=${admin.uid}`);
    expect(settings[0]).toMatchObject({ reason: 'unchanged, for the log', details: { timeFrame: 'long' } });
    // The time machine, set to the date it has (the stack's other tests expect it).
    const clock = ClockState.parse((await asAdmin('/api/admin/clock')).body);
    const today = clock.pinned ? clock.today : null;
    expect((await asAdmin('/api/admin/clock', { today, reason: `kept at ${clock.today}` })).status).toBe(200);
    expect((await auditOf(`action=time_machine&actorUid=${admin.uid}`))[0]).toMatchObject({
      reason: `kept at ${clock.today}`,
      details: { today, previousToday: clock.today },
    });
    const day = mine[0]!.at.slice(0, 10);
    expect(await auditOf(`targetUserId=${user.uid}&from=${day}&to=${day}`)).toHaveLength(4);
    expect(await auditOf(`targetUserId=${user.uid}&to=2000-01-01`)).toEqual([]);
    expect((await asAdmin('/api/admin/audit-log?action=delete')).status).toBe(400);
    // No route edits or deletes an entry.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await apiCall(`/api/admin/audit-log/${mine[0]!.id}`, { token: admin.token, method });
      expect(res.status, method).toBe(404);
    }
  });
});
