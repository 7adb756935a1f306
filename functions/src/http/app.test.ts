import { tooManyRequestsMessage } from '@stockseer/contract';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../domain/clock';
import { rateLimited } from '../domain/errors';
import { createApp } from './app';
import type { AppDeps } from './deps';

/**
 * The app's own answers to malformed requests, without the emulators. In Cloud Functions (and the emulator) the
 * platform parses the body before the app runs and answers some requests itself (invalid JSON, a path it cannot
 * decode); the integration tests go through it. Here the app is served twice: as it is, and behind a parser like
 * the platform's (32 MB, keeping `req.rawBody`), so both ways of receiving a body are covered.
 */
const deps = {
  clock: systemClock,
  auth: {
    verifyIdToken: (token: string) =>
      token === 'good' ? Promise.resolve({ uid: 'u1' }) : Promise.reject(new Error('bad token')),
  } as unknown as Auth,
  payments: {
    verifyWebhook: () => {
      throw new Error('not reached: the body is too large');
    },
  },
  rateLimiter: { enforce: () => Promise.reject(rateLimited(tooManyRequestsMessage(42), 42)) },
} as unknown as AppDeps;

function platformLike() {
  const outer = express();
  const keepRaw = (req: Request, _res: unknown, buf: Buffer) => {
    (req as Request & { rawBody?: Buffer }).rawBody = buf;
  };
  outer.use(express.json({ limit: '32mb', verify: keepRaw }));
  outer.use(express.raw({ type: '*/*', limit: '32mb', verify: keepRaw }));
  outer.use(createApp(deps));
  return outer;
}

const servers: Server[] = [];
const bases: Record<'direct' | 'platform', string> = { direct: '', platform: '' };

beforeAll(async () => {
  for (const [name, app] of [
    ['direct', createApp(deps)],
    ['platform', platformLike()],
  ] as const) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

async function call(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { Authorization: 'Bearer good', 'Content-Type': 'application/json', ...init.headers },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message?: string } };
}

describe.each(['direct', 'platform'] as const)('the app %s', (name) => {
  it.each([
    { route: '/api/me', limit: '100 KB', size: 150_000 },
    { route: '/api/payments/webhook', limit: '1 MB', size: 1_100_000 },
  ])('answers a body to $route over $limit with 413 and a JSON message', async ({ route, size }) => {
    const res = await call(bases[name], route, { method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(size) }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^Request body is too large/);
  });

  it('answers a path parameter it cannot decode, or one that climbs out, with 400 and a JSON message', async () => {
    for (const path of ['/api/stocks/%zz', '/api/stocks/%E0%A4%A/price', '/api/stocks/..%2F..%2Fme']) {
      const res = await call(bases[name], path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/path is not valid|symbol must be/);
    }
  });

  it('sends Retry-After with a 429 of its own rate limits', async () => {
    const res = await call(bases[name], '/api/stocks/search?q=apple');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(res.body).toEqual({ message: tooManyRequestsMessage(42) });
  });
});

describe('the app without the platform in front', () => {
  it('answers invalid JSON with 400 and a JSON message', async () => {
    const res = await call(bases.direct, '/api/me', { method: 'POST', body: '{"amount": 10,' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON' } });
  });

  it('answers a body it cannot read (an unknown charset) with 415 and a JSON message', async () => {
    const res = await call(bases.direct, '/api/me', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json; charset=klingon' },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/^Request body cannot be read/);
  });
});
