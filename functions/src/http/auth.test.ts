import { ERROR_MESSAGES } from '@stockseer/contract';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, requireLiveAdmin, SESSION_MESSAGES } from './auth';
import { errorHandler } from './errors';

/**
 * The session checks as production runs them: the SDK verifies a token locally, and looks the account up only where
 * asked (`checkRevoked`, the money routes), while the admin routes read the account themselves for its live claim.
 * The Auth boundary is a stand-in that mimics the SDK's documented errors; sessions.int.test.ts goes through the
 * Auth emulator.
 */
const SIGNED_IN_AT = 1_800_000_000; // the token's auth_time, Unix seconds
const EXPIRES_AT = SIGNED_IN_AT + 3_600; // the token's exp, Unix seconds
/** The real time, in ms, the app reads a token's `exp` against. */
const SIGNED_IN_MS = (SIGNED_IN_AT + 60) * 1000;
let nowMs = SIGNED_IN_MS;
let account: Partial<UserRecord> | null | 'unreachable' = {};
let lookups = 0;
/** The tokens the SDK was asked to verify, in order; `refused` ones fail its check. */
let verified: string[] = [];
const refused = new Set<string>();
const sdkError = (code: string) => Object.assign(new Error(code), { code });
const lookUp = async () => {
  lookups += 1;
  if (account === null) throw sdkError('auth/user-not-found');
  if (account === 'unreachable') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  return { uid: 'u1', disabled: false, customClaims: { admin: true }, ...account } as UserRecord;
};
const auth = {
  async verifyIdToken(token: string, checkRevoked = false) {
    verified.push(token);
    if (refused.has(token) || nowMs >= EXPIRES_AT * 1000) throw sdkError('auth/id-token-expired');
    const decoded = { uid: 'u1', auth_time: SIGNED_IN_AT, exp: EXPIRES_AT, admin: true };
    if (!checkRevoked) return decoded;
    const user = await lookUp();
    if (user.disabled) throw sdkError('auth/user-disabled');
    const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
    if (SIGNED_IN_AT * 1000 < validAfter) throw sdkError('auth/id-token-revoked');
    return decoded;
  },
  getUser: lookUp,
} as unknown as Auth;

let base = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  const trusted = authenticate(auth, { live: false, nowMs: () => nowMs });
  const live = authenticate(auth, { live: true, nowMs: () => nowMs });
  const ok: RequestHandler = (_req, res) => void res.json({ ok: true });
  app.get('/read', trusted, ok);
  app.post('/money', live, ok);
  app.get('/admin', trusted, requireLiveAdmin(auth), ok);
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(method: 'GET' | 'POST', path: string, token = 't') {
  const res = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toUTCString();

describe('live session checks', () => {
  it('let a live session through with one lookup per money or admin request, and none on a read route', async () => {
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT - 60) };
    lookups = 0;
    expect(await call('GET', '/read')).toEqual({ status: 200, body: { ok: true } });
    expect(lookups).toBe(0);
    expect(await call('POST', '/money')).toEqual({ status: 200, body: { ok: true } });
    expect(await call('GET', '/admin')).toEqual({ status: 200, body: { ok: true } });
    expect(lookups).toBe(2);
  });

  it('refuse a token from before the sessions were revoked, but not one from the same second', async () => {
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT + 1) };
    expect(await call('POST', '/money')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    expect(await call('GET', '/admin')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    expect((await call('GET', '/read')).status).toBe(200);
    account = { tokensValidAfterTime: iso(SIGNED_IN_AT) };
    expect((await call('POST', '/money')).status).toBe(200);
  });

  it('refuse a disabled or deleted account, and an admin route to an account whose claim was removed', async () => {
    account = { disabled: true };
    expect(await call('POST', '/money')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.disabled } });
    expect(await call('GET', '/admin')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.disabled } });
    account = null;
    expect(await call('POST', '/money')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    expect(await call('GET', '/admin')).toEqual({ status: 401, body: { message: SESSION_MESSAGES.revoked } });
    account = { customClaims: {} };
    expect((await call('POST', '/money')).status).toBe(200);
    expect(await call('GET', '/admin')).toEqual({ status: 403, body: { message: ERROR_MESSAGES.adminRequired } });
  });

  it("do not sign the user out when Auth cannot be reached: that is not the token's fault", async () => {
    account = 'unreachable';
    const res = await call('POST', '/money');
    expect(res.status).toBe(500);
    expect((await call('GET', '/read')).status).toBe(200);
  });
});

describe('tokens the read routes trust until they expire', () => {
  afterEach(() => {
    nowMs = SIGNED_IN_MS;
    refused.clear();
  });

  it('are verified once per instance, while a money route verifies with the revocation check every time', async () => {
    account = {};
    verified = [];
    lookups = 0;
    for (let i = 0; i < 3; i++) expect((await call('GET', '/read', 'reader')).status).toBe(200);
    expect(verified).toEqual(['reader']);
    expect((await call('GET', '/read', 'another')).status).toBe(200);
    expect(verified).toEqual(['reader', 'another']);
    expect((await call('POST', '/money', 'reader')).status).toBe(200);
    expect((await call('POST', '/money', 'reader')).status).toBe(200);
    expect(verified).toEqual(['reader', 'another', 'reader', 'reader']);
    expect(lookups).toBe(2);
  });

  it('are refused once they expire, however recently they were verified', async () => {
    verified = [];
    expect((await call('GET', '/read', 'ageing')).status).toBe(200);
    nowMs = EXPIRES_AT * 1000 - 1;
    expect((await call('GET', '/read', 'ageing')).status).toBe(200);
    expect(verified).toEqual(['ageing']);
    nowMs = EXPIRES_AT * 1000;
    expect(await call('GET', '/read', 'ageing')).toEqual({
      status: 401,
      body: { message: 'Invalid or expired token: sign in again' },
    });
    expect(verified).toEqual(['ageing', 'ageing']);
  });

  it('are not remembered when refused: a bad token is checked again on every request', async () => {
    verified = [];
    refused.add('forged');
    expect((await call('GET', '/read', 'forged')).status).toBe(401);
    expect((await call('GET', '/read', 'forged')).status).toBe(401);
    expect(verified).toEqual(['forged', 'forged']);
  });
});
