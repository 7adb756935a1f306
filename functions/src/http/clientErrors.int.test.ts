import type { AddressInfo } from 'node:net';
import { tooManyRequestsMessage } from '@stockseer/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { APP_URL } from '../../../tools/testing/api';
import { emulatorLogLine, emulatorLogLines } from '../../../tools/testing/stackLog';
import { rateLimitsFromEnv } from '../adapters/rateLimitsFromEnv';
import { firestoreRateLimiter } from '../adapters/firestore/rateLimits';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../domain/rateLimit';
import { createApp } from './app';
import type { AppDeps } from './deps';

/**
 * The web app's error reports: logged as ERROR with their stack, once per window however often the same error comes,
 * limited per browser, per address the front end received them from (which the caller cannot write), and for every
 * caller together.
 */
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const body = (message: string) =>
  JSON.stringify({
    kind: 'render',
    message,
    stack: `Error: ${message}\n    at Broken (http://127.0.0.1/assets/index.js:1:2)`,
    path: '/wallet',
    release: 'test',
  });
const report = (message: string, forwardedFor?: string, base = APP_URL, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/client-errors`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      ...headers,
    },
    body: body(message),
  });
const limits = rateLimitsFromEnv(process.env);
const { limit } = limits['clientErrors.report'];
const edgeLimit = limits['clientErrors.edge'].limit;
/** A caller-written X-Forwarded-For: a new made-up address each time (TEST-NET-3, never contacted). */
const rotated = (i: number) => `203.0.113.${i % 250}`;

describe('client error reports', () => {
  it('are logged once, with a count, however often the same error is reported', async () => {
    const message = `render failed twice ${stamp}`;
    for (let i = 0; i < 3; i++) expect((await report(message)).status).toBe(204);
    const line = await emulatorLogLine((l) => l.includes(message) && l.includes('"severity":"ERROR"'));
    expect(line).toContain('"count":1');
    // The later two reached the function (204) a moment later: give their lines, had they been written, time to come.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(emulatorLogLines().filter((l) => l.includes(message))).toHaveLength(1);
  });

  it('are logged as an ERROR with their stack, then refused with 429 past the limit', async () => {
    const message = `render failed ${stamp}`;
    const res = await report(message);
    expect(res.status).toBe(204);
    const line = await emulatorLogLine((l) => l.includes(message) && l.includes('"severity":"ERROR"'));
    expect(line).toBeDefined();
    expect(line).toContain('"source":"web"');
    expect(line).toContain('at Broken');
    expect(line).toContain('web app render error on /wallet');

    let refused: Response | undefined;
    for (let i = 0; i <= 2 * limit && !refused; i++) {
      const next = await report(`flood ${stamp} ${i}`);
      if (next.status === 429) refused = next;
      else expect(next.status).toBe(204);
    }
    expect(refused, `${2 * limit} reports in a row, none refused`).toBeDefined();
    const seconds = Number(refused!.headers.get('retry-after'));
    expect(await refused!.json()).toEqual({ message: tooManyRequestsMessage(seconds) });
  });

  it('are limited whatever X-Forwarded-For the caller writes, by the address the stack received them from', async () => {
    let accepted = 0;
    for (let i = 0; i < edgeLimit + limit; i++) {
      const res = await report(`rotating ${stamp} ${i}`, rotated(i));
      if (res.status === 204) accepted++;
      else expect(res.status).toBe(429);
    }
    expect(accepted).toBeLessThanOrEqual(edgeLimit);
  });
});

describe('client error reports behind one front end (trust proxy: 1), counted in the Firestore emulator', () => {
  const { db, auth } = adminSdk();
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  /** The app as production runs it, with its own limits and counters of its own (a prefix no other test uses). */
  async function serve(limits: Partial<RateLimits>, name: string): Promise<string> {
    const real = firestoreRateLimiter(db, { ...DEFAULT_RATE_LIMITS, ...limits });
    const rateLimiter: AppDeps['rateLimiter'] = {
      enforce: (key, action) => real.enforce(`${name}-${stamp}-${key}`, action),
    };
    const app = createApp({ db, auth, rateLimiter, trustedProxyHops: 1 } as unknown as AppDeps);
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('holds a caller to the limit of the address the front end appended, whatever it writes before it', async () => {
    const base = await serve(
      {
        'clientErrors.report': { limit: 100, windowMs: 60_000 },
        'clientErrors.edge': { limit: 4, windowMs: 60_000 },
      },
      'appended',
    );
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A direct caller of the function's URL writes both what Hosting would send and a new address each time.
      const headers = { 'Fastly-Client-IP': rotated(i) };
      statuses.push((await report(`direct ${stamp}`, `${rotated(i)}, 198.51.100.7`, base, headers)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429, 429, 429]);
    // Another caller (another appended address) has a limit of its own.
    expect((await report(`direct ${stamp}`, `${rotated(99)}, 198.51.100.8`, base)).status).toBe(204);
  });

  it('gives each browser behind one Firebase Hosting edge a limit of its own', async () => {
    const base = await serve(
      {
        'clientErrors.report': { limit: 2, windowMs: 60_000 },
        'clientErrors.edge': { limit: 100, windowMs: 60_000 },
      },
      'edge',
    );
    const EDGE = '198.51.100.20';
    // Hosting's edge appends the browser's address, then the front end appends the edge's.
    const appended = (browser: string) => report(`behind hosting ${stamp}`, `${browser}, ${EDGE}`, base);
    expect([(await appended('203.0.113.1')).status, (await appended('203.0.113.1')).status]).toEqual([204, 204]);
    expect((await appended('203.0.113.1')).status).toBe(429);
    expect((await appended('203.0.113.2')).status).toBe(204);
    // A front end that keeps only the edge's address: Hosting's Fastly-Client-IP tells the browsers apart.
    const byHeader = (browser: string) =>
      report(`behind hosting ${stamp}`, EDGE, base, { 'Fastly-Client-IP': browser });
    expect([(await byHeader('203.0.113.3')).status, (await byHeader('203.0.113.3')).status]).toEqual([204, 204]);
    expect((await byHeader('203.0.113.3')).status).toBe(429);
    expect((await byHeader('203.0.113.4')).status).toBe(204);
  });

  it('holds the ceiling of every caller together, whatever their addresses', async () => {
    const base = await serve(
      { 'clientErrors.report': { limit: 100, windowMs: 60_000 }, 'clientErrors.all': { limit: 5, windowMs: 60_000 } },
      'ceiling',
    );
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await report(`ceiling ${stamp} ${i}`, `198.51.100.${10 + i}`, base)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429, 429]);
  });
});
