import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { log, uidHash } from '../adapters/logging/log';
import { countWork } from '../adapters/logging/requestContext';
import { setCaller } from './auth';
import { nameRoute, REQUEST_ID_HEADER, requestLog } from './requestLog';

/** What reached the Functions SDK's logger (the boundary to Cloud Logging), as the entries it would write. */
const lines = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('firebase-functions/logger', () => {
  const write = (severity: string) => (message: string, fields: Record<string, unknown>) =>
    void lines.push({ severity, message, ...fields });
  return {
    info: write('INFO'),
    warn: write('WARNING'),
    write: (entry: Record<string, unknown>) => void lines.push(entry),
  };
});

let server: Server;
let base = '';
beforeAll(async () => {
  const app = express();
  app.use(requestLog);
  app.get('/api/stocks/:symbol', nameRoute('/api/stocks/:symbol'), async (req, res) => {
    setCaller(req, { uid: 'user-1', email: 'a@b.c', displayName: null, photoURL: null, isAdmin: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.warn('something to say while serving', { symbol: String(req.params.symbol) });
    log.error('could not draw it', new Error('boom'));
    res.status(418).json({ ok: false });
  });
  app.get('/api/work', nameRoute('/api/work'), async (_req, res) => {
    countWork('tokenChecks');
    await new Promise((resolve) => setTimeout(resolve, 5));
    countWork('transactionRetries');
    countWork('transactionRetries');
    res.json({ ok: true });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  lines.length = 0;
});

async function call(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  await res.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 20)); // the request line is written when the response ends
  return res;
}

describe('the request log', () => {
  it('returns a request id that every line of the request carries, and writes one request line', async () => {
    const res = await call('/api/stocks/KO');
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ours = lines.filter((l) => l.requestId === requestId);
    expect(ours.map((l) => [l.severity, String(l.message).split('\n')[0]])).toEqual([
      ['WARNING', 'something to say while serving'],
      ['ERROR', 'could not draw it: Error: boom'],
      ['INFO', 'request'],
    ]);
    // An error once, with its own stack (where it was thrown), not the logger's.
    expect(ours[1]!.message).toMatch(/\n\s+at .*requestLog\.test\.ts/);
    expect(ours[1]!.message).not.toMatch(/entryFromArgs/);
    expect(ours[2]).toMatchObject({
      method: 'GET',
      route: '/api/stocks/:symbol',
      status: 418,
      caller: 'investor',
      uidHash: uidHash('user-1'),
    });
    expect(ours[2]!.latencyMs).toBeGreaterThanOrEqual(4);
    // The uid and the e-mail stay out of the logs; the path's own values (a symbol here) are not the route.
    expect(JSON.stringify(lines)).not.toMatch(/user-1|a@b\.c|\/api\/stocks\/KO/);
  });

  it("keeps a caller's own request id when it is a plain token, and replaces any other", async () => {
    const kept = await call('/api/stocks/KO', { [REQUEST_ID_HEADER]: 'support-ticket-1234' });
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('support-ticket-1234');
    const replaced = await call('/api/stocks/KO', { [REQUEST_ID_HEADER]: 'x", "severity": "ERROR' });
    expect(replaced.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names an unmatched path by no route, and an anonymous caller as such', async () => {
    await call('/api/no/such/route?token=secret');
    const [line] = lines.filter((l) => l.message === 'request');
    expect(line).toMatchObject({ route: 'no route', status: 404, caller: 'anonymous', uidHash: null });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

describe("the request line's work counts", () => {
  it('counts the work of its own request only, also after an await, and numbers the instance requests', async () => {
    await Promise.all([call('/api/work'), call('/api/stocks/KO')]);
    const requestLines = lines.filter((l) => l.message === 'request');
    const work = requestLines.find((l) => l.route === '/api/work');
    const quiet = requestLines.find((l) => l.route === '/api/stocks/:symbol');
    expect(work).toMatchObject({ tokenChecks: 1, transactionRetries: 2, cacheRefreshes: 0 });
    expect(quiet).toMatchObject({ tokenChecks: 0, transactionRetries: 0, cacheRefreshes: 0 });
    await call('/api/work');
    const [, , next] = lines.filter((l) => l.message === 'request');
    expect(next!.instanceRequest).toBe(Math.max(work!.instanceRequest as number, quiet!.instanceRequest as number) + 1);
  });
});

describe('uidHash', () => {
  it('is stable per uid, differs between uids, and does not contain the uid', () => {
    expect(uidHash('abc')).toBe(uidHash('abc'));
    expect(uidHash('abc')).not.toBe(uidHash('abd'));
    expect(uidHash('abc')).toMatch(/^[0-9a-f]{16}$/);
  });
});
