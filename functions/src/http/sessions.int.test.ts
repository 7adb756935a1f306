import { AuditLogPage, ERROR_MESSAGES } from '@stockseer/contract';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { apiCall, newTestUser } from '../../../tools/testing/api';
import { emulatorSignIn } from '../../../tools/lib/emulatorSignIn';
import { revokeSessions } from '../../../tools/lib/revokeSessions';
import { db } from '../../test/payments.testkit';
import { apiRouteGuards, writesOrExports } from '../../test/routes.testkit';
import { FIRESTORE_EMULATOR_HOST, PROJECT_ID } from '../../../tools/stack/config';
import { SESSION_MESSAGES } from './auth';

/**
 * Revoked sessions against the Auth emulator: a token that is still unexpired is refused on every route that writes,
 * exports or needs the admin claim once its account was signed out, disabled or lost the claim. The Admin
 * SDK checks revocation on every call when it talks to the emulator (production checks only where asked), so here a
 * read route refuses such a token too if its worker has not verified that token before (it then trusts the token
 * until it expires, as production does: http/verifiedTokens.ts). Production's checks (the SDK's revocation check
 * asked for on the money routes, requireLiveAdmin's lookup on the admin ones) are unit-tested in auth.test.ts; the
 * removed admin claim, which no SDK check sees, is refused by requireLiveAdmin here.
 */

/**
 * Revocation compares whole seconds (the token's `auth_time` with the account's valid-since time), so a token made
 * in the same second as the revocation would pass; real sessions are older than a second.
 */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100 - (Date.now() % 1_000)));

const moneyCalls = (token: string) => [
  apiCall('/api/payments/create-intent', { token, body: { amount: 10 } }),
  apiCall('/api/wallet/add-stripe-funds', { token, body: { paymentIntentId: 'pi_unknown' } }),
  apiCall('/api/predictions/generate', { token, body: { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' } }),
];

async function adminUser(label: string) {
  const account = await newTestUser(label);
  await getAuth().setCustomUserClaims(account.uid, { admin: true });
  return { ...account, token: (await emulatorSignIn(account)).idToken };
}

/**
 * As a real session would have before its revoke: every worker of the function has verified the token on a read
 * route, so a worker that trusts a token it remembers (verifiedTokens.ts) is what each route meets after.
 */
async function usedOnEveryWorker(...tokens: string[]) {
  const workers = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 8);
  await Promise.all(
    Array.from({ length: 3 * workers }, async () => {
      for (const token of tokens) expect((await apiCall('/api/watchlist', { token })).status).toBe(200);
    }),
  );
}

/** A body each handler would take, where one is short: a route that let the token through would answer 200. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/watchlist/star': { symbol: 'KO' },
  'POST /api/watchlist/unstar': { symbol: 'KO' },
  'POST /api/notifications/read': { all: true },
};

/** Every signed-in route that writes or exports (routeTable.ts), with its path's parameters filled in. */
const writingRoutes = () =>
  [...apiRouteGuards()]
    .filter(([route, guard]) => writesOrExports(route, guard))
    .map(([route, guard]) => {
      const [method, path] = route.split(' ') as [string, string];
      return { route, guard, method, path: path.replace(/:[a-z]+/gi, 'x') };
    });

/** The audit log as a client reads it from Firestore's REST API with this token (the rules decide). */
const auditLogFromFirestore = (token: string) =>
  fetch(`http://${FIRESTORE_EMULATOR_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/auditLog`, {
    headers: { Authorization: `Bearer ${token}` },
  });

describe('revoked sessions', () => {
  it('refuse a revoked token on every money route, and let a new sign-in in', async () => {
    const user = await newTestUser('revoked');
    expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
    // No free prediction: were the token accepted, a generate would stop at 402, not fit a model.
    await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
    await nextSecond();
    await revokeSessions(getAuth(), user.email);

    for (const res of await Promise.all(moneyCalls(user.token))) {
      expect(res).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    }

    await nextSecond();
    const fresh = (await emulatorSignIn(user)).idToken;
    const [intent] = await Promise.all(moneyCalls(fresh));
    expect(intent?.status).toBe(200);
  });

  it('refuse a revoked admin on the admin routes, and an admin whose claim was removed at once', async () => {
    const revoked = await adminUser('revoked-admin');
    const demoted = await adminUser('demoted-admin');
    expect((await apiCall('/api/admin/default-models', { token: revoked.token })).status).toBe(200);
    await nextSecond();
    await revokeSessions(getAuth(), revoked.email);
    await getAuth().setCustomUserClaims(demoted.uid, { admin: false });

    for (const path of ['/api/admin/default-models', '/api/admin/users', '/api/admin/alerts', '/api/predictions/all']) {
      expect(await apiCall(path, { token: revoked.token }), path).toEqual({
        status: 401,
        body: { message: SESSION_MESSAGES.revoked },
      });
      expect(await apiCall(path, { token: demoted.token }), path).toEqual({
        status: 403,
        body: { message: ERROR_MESSAGES.adminRequired },
      });
    }
    const check = await apiCall('/api/admin/check-predictions', { method: 'POST', token: revoked.token });
    expect(check.status).toBe(401);
  });

  it('npm run admin:revoke -- EMAIL --disable: the account is refused at once and cannot sign in again', async () => {
    const user = await newTestUser('disabled');
    await nextSecond();
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'tools/admin/revoke.ts', user.email, '--disable'], {
      env: process.env,
    });
    expect(stdout).toContain('sessions revoked and account disabled');
    for (const res of await Promise.all(moneyCalls(user.token))) {
      expect(res).toEqual({ status: 401, body: { message: SESSION_MESSAGES.disabled } });
    }
    await expect(emulatorSignIn(user)).rejects.toThrow(/USER_DISABLED/);
  });

  it('refuse the old tokens of a revoked and of a disabled investor on every signed-in route that writes or exports', async () => {
    const revoked = await newTestUser('revoked-writer');
    const disabled = await newTestUser('disabled-writer');
    for (const { token } of [revoked, disabled]) {
      expect((await apiCall('/api/me', { method: 'POST', token })).status).toBe(200);
    }
    await usedOnEveryWorker(revoked.token, disabled.token);
    await nextSecond();
    await revokeSessions(getAuth(), revoked.email);
    await revokeSessions(getAuth(), disabled.email, { disable: true });

    const routes = writingRoutes();
    expect(routes.map((r) => r.route)).toEqual(
      expect.arrayContaining(['GET /api/account/export', 'POST /api/watchlist/star', 'POST /api/push/subscriptions']),
    );
    const answers: string[] = [];
    for (const { route, guard, method, path } of routes) {
      for (const [who, { token }] of Object.entries({ revoked, disabled })) {
        const body = method === 'GET' ? undefined : (VALID_BODIES[route] ?? {});
        const res = await apiCall(path, { method, token, body });
        // An admin route refuses an investor's token for its claim before it looks the account up.
        const refused = guard === 'admin' ? [401, 403] : [401];
        if (!refused.includes(res.status))
          answers.push(`${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(answers).toEqual([]);
  });
});

describe('the audit log', () => {
  it('is read through the API by a live admin only, and from Firestore by no client', async () => {
    type Admin = Awaited<ReturnType<typeof adminUser>>;
    const [live, revoked, disabled, demoted] = (await Promise.all(
      ['audit-live', 'audit-revoked', 'audit-disabled', 'audit-demoted'].map(adminUser),
    )) as [Admin, Admin, Admin, Admin];
    await usedOnEveryWorker(revoked.token, disabled.token, demoted.token);
    await nextSecond();
    const audit = { db, tool: 'sessions.int.test', reason: 'an entry to read' };
    await revokeSessions(getAuth(), revoked.email, { audit });
    await revokeSessions(getAuth(), disabled.email, { disable: true, audit });
    await getAuth().setCustomUserClaims(demoted.uid, null);

    const firestoreAnswers: Record<string, number> = {};
    for (const [who, { token }] of Object.entries({ revoked, disabled, demoted, live })) {
      firestoreAnswers[who] = (await auditLogFromFirestore(token)).status;
    }
    expect(firestoreAnswers).toEqual({ revoked: 403, disabled: 403, demoted: 403, live: 403 });

    const page = `/api/admin/audit-log?targetUserId=${revoked.uid}`;
    expect(await apiCall(page, { token: revoked.token })).toEqual({
      status: 401,
      body: { message: SESSION_MESSAGES.revoked },
    });
    expect(await apiCall(page, { token: disabled.token })).toEqual({
      status: 401,
      body: { message: SESSION_MESSAGES.disabled },
    });
    expect(await apiCall(page, { token: demoted.token })).toEqual({
      status: 403,
      body: { message: ERROR_MESSAGES.adminRequired },
    });
    const read = await apiCall(page, { token: live.token });
    expect(read.status).toBe(200);
    expect(AuditLogPage.parse(read.body).entries.map((e) => [e.action, e.reason])).toEqual([
      ['sign_out', audit.reason],
    ]);
  });
});
