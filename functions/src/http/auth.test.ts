import { ERROR_MESSAGES } from '@stockseer/contract';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, requireLiveSession, SESSION_MESSAGES } from './auth';
import { errorHandler } from './errors';

/**
 * requireLiveSession as production runs it: the SDK verified the token (without a revocation check) and the
 * account is looked up as it is now. The Auth boundary is a stand-in here; sessions.int.test.ts goes through the
 * Auth emulator.
 */
const SIGNED_IN_AT = 1_800_000_000; // the token's auth_time, Unix seconds
let account: Partial<UserRecord> = {};
let lookups = 0;
const auth = {
  verifyIdToken: async () => ({ uid: 'u1', auth_time: SIGNED_IN_AT, admin: true }),
  getUser: async () => {
    lookups += 1;
    return { uid: 'u1', disabled: false, customClaims: { admin: true }, ...account } as UserRecord;
  },
} as unknown as Auth;

let base = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(authenticate(auth));
  app.get('/read', (_req, res) => void res.json({ ok: true }));
  app.post('/money', requireLiveSession(auth), (_req, res) => void res.json({ ok: true }));
  app.get('/admin', requireLiveSession(auth, { admin: true }), (_req, res) => void res.json({ ok: true }));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(method: 'GET' | 'POST', path: string) {
  const res = await fetch(`${base}${path}`, { method, headers: { Authorization: 'Bearer t' } });
  return { status: res.status, body: (await res.json()) as unknown };
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toUTCString();

describe('requireLiveSession', () => {
  it('lets a live session through, and never looks the account up on a read route', async () => {
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT - 60) };
    lookups = 0;
    expect(await call('GET', '/read')).toEqual({ status: 200, body: { ok: true } });
    expect(lookups).toBe(0);
    expect(await call('POST', '/money')).toEqual({ status: 200, body: { ok: true } });
    expect(await call('GET', '/admin')).toEqual({ status: 200, body: { ok: true } });
    expect(lookups).toBe(2);
  });

  it('refuses a token from before the sessions were revoked, but not one from the same second', async () => {
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT + 1) };
    expect(await call('POST', '/money')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    expect(await call('GET', '/admin')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT) };
    expect((await call('POST', '/money')).status).toBe(200);
  });

  it('refuses a disabled account, and an admin route to an account whose claim was removed', async () => {
    account = { disabled: true };
    expect(await call('POST', '/money')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.disabled } });
    account = { customClaims: {} };
    expect((await call('POST', '/money')).status).toBe(200);
    expect(await call('GET', '/admin')).toEqual({ status: 403, body: { message: ERROR_MESSAGES.adminRequired } });
  });
});
