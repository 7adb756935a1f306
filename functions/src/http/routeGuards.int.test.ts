import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { apiCall, APP_URL, FUNCTION_URL, newTestUser } from '../../../tools/testing/api';
import { emulatorSignIn } from '../../../tools/lib/emulatorSignIn';
import { revokeSessions } from '../../../tools/lib/revokeSessions';
import { db } from '../../test/payments.testkit';
import { apiRouteGuards, apiRoutes } from '../../test/routes.testkit';
import type { Guard } from './routeTable';

/**
 * No spelling of a path reaches a handler without its guard (issue 23). Generated from the app's own route table:
 * every route x every spelling of its path x every kind of caller, through Hosting and on the function's own URL.
 * Each answer is classified: the guard refused it (401/403), no route has that path (a 404 of the app, or Hosting's
 * own page), or a handler answered. A caller its guard refuses must never get a handler's answer; a spelling other
 * than the route's own is either the route with its guard (the same answer as the canonical path) or no route.
 *
 * Each probe is a request its handler answers cheaply and without side effects (most are refused by validation,
 * a 400, which only a handler gives), so that "a handler answered" is visible without moving money.
 */

const CALLERS = [
  'anonymous',
  'garbage',
  'expired',
  'revoked',
  'disabled',
  'claimRemoved',
  'investor',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];

/** A guard's verdict on each caller: `either` where it depends on what an instance verified before. */
type Verdict = 'yes' | 'no' | 'either';
function verdicts(no: Caller[], either: Caller[] = []): Record<Caller, Verdict> {
  const verdict = (c: Caller): Verdict => (no.includes(c) ? 'no' : either.includes(c) ? 'either' : 'yes');
  return Object.fromEntries(CALLERS.map((c) => [c, verdict(c)])) as Record<Caller, Verdict>;
}
const NO_VALID_TOKEN: Caller[] = ['anonymous', 'garbage', 'expired'];

/** Who each guard lets through. */
const ADMITS: Record<Guard, Record<Caller, Verdict>> = {
  public: verdicts([]),
  // Trusted until it expires (verifiedTokens.ts); against the emulator the SDK also checks revocation on a token an
  // instance has not verified before, so a revoked or disabled account may be refused here too.
  signedIn: verdicts(NO_VALID_TOKEN, ['revoked', 'disabled']),
  liveSession: verdicts([...NO_VALID_TOKEN, 'revoked', 'disabled']),
  admin: verdicts([...NO_VALID_TOKEN, 'revoked', 'disabled', 'claimRemoved', 'investor']),
};

/**
 * A stock no other test asks: this file reads its quote and chart at the real date, and a bar cache filled at the
 * real date would be what later tests read of that stock under the time machine.
 */
const OWN_SYMBOL = 'CVX';

/** What each route is asked: harmless for its handler, answered by it alone (keyed like the route table). */
const PROBES: Record<string, { path: string; body?: unknown }> = {
  'GET /api/health': { path: '/api/health' },
  'GET /api/track-record': { path: '/api/track-record' },
  'POST /api/payments/webhook': { path: '/api/payments/webhook', body: {} },
  'POST /api/me': { path: '/api/me', body: {} },
  'GET /api/account/export': { path: '/api/account/export' },
  'GET /api/account/closure': { path: '/api/account/closure' },
  'POST /api/account/close': { path: '/api/account/close', body: {} },
  'GET /api/market-data': { path: '/api/market-data' },
  'GET /api/stocks/search': { path: '/api/stocks/search' },
  'GET /api/stocks/:symbol': { path: `/api/stocks/${OWN_SYMBOL}` },
  'GET /api/stocks/:symbol/price': { path: `/api/stocks/${OWN_SYMBOL}/price` },
  'GET /api/stocks/:symbol/history': { path: `/api/stocks/${OWN_SYMBOL}/history` },
  'GET /api/predictions/historical': { path: '/api/predictions/historical?symbol=KO' },
  'GET /api/predictions/future': { path: '/api/predictions/future?symbol=KO' },
  'GET /api/predictions/user': { path: '/api/predictions/user' },
  'GET /api/predictions/preview': { path: '/api/predictions/preview?symbol=KO' },
  'GET /api/predictions/live-status': { path: '/api/predictions/live-status' },
  'GET /api/watchlist': { path: '/api/watchlist' },
  'POST /api/watchlist/star': { path: '/api/watchlist/star', body: {} },
  'POST /api/watchlist/unstar': { path: '/api/watchlist/unstar', body: {} },
  'POST /api/watchlist/alert': { path: '/api/watchlist/alert', body: {} },
  'GET /api/notifications': { path: '/api/notifications?limit=0' },
  'POST /api/notifications/read': { path: '/api/notifications/read', body: {} },
  'GET /api/push/subscriptions': { path: '/api/push/subscriptions' },
  'POST /api/push/subscriptions': { path: '/api/push/subscriptions', body: {} },
  'DELETE /api/push/subscriptions/:id': { path: '/api/push/subscriptions/not-a-device' },
  'POST /api/predictions/generate': { path: '/api/predictions/generate', body: { symbol: 'KO' } },
  'POST /api/payments/create-intent': { path: '/api/payments/create-intent', body: { amount: 0 } },
  'POST /api/wallet/add-stripe-funds': { path: '/api/wallet/add-stripe-funds', body: {} },
  'GET /api/wallet': { path: '/api/wallet' },
  'GET /api/wallet/transactions': { path: '/api/wallet/transactions' },
  'GET /api/admin/default-models': { path: '/api/admin/default-models' },
  'POST /api/admin/default-models': { path: '/api/admin/default-models', body: {} },
  'POST /api/admin/check-predictions': { path: '/api/admin/check-predictions', body: { waitSeconds: -1 } },
  'POST /api/admin/books/full-audit': { path: '/api/admin/books/full-audit', body: { walletIds: [] } },
  'GET /api/admin/maintenance-runs': { path: '/api/admin/maintenance-runs' },
  'GET /api/admin/maintenance-runs/:id': { path: '/api/admin/maintenance-runs/no-such-run' },
  'GET /api/admin/alerts': { path: '/api/admin/alerts' },
  'GET /api/admin/users': { path: '/api/admin/users?limit=0' },
  'GET /api/admin/overview': { path: '/api/admin/overview?granularity=week' },
  'GET /api/predictions/all': { path: '/api/predictions/all?limit=0' },
  'GET /api/admin/clock': { path: '/api/admin/clock' },
  'POST /api/admin/clock': { path: '/api/admin/clock', body: {} },
  'GET /api/admin/users/:uid': { path: '/api/admin/users/no-such-user' },
  'GET /api/admin/users/:uid/statement': { path: '/api/admin/users/no-such-user/statement' },
  'GET /api/admin/users/:uid/predictions': { path: '/api/admin/users/no-such-user/predictions' },
  'POST /api/admin/users/:uid/credits': { path: '/api/admin/users/no-such-user/credits', body: {} },
  'POST /api/admin/users/:uid/refunds': { path: '/api/admin/users/no-such-user/refunds', body: {} },
  'POST /api/admin/users/:uid/sign-out': { path: '/api/admin/users/no-such-user/sign-out', body: {} },
  'GET /api/admin/audit-log': { path: '/api/admin/audit-log?limit=0' },
  'POST /api/client-errors': { path: '/api/client-errors', body: {} },
};

const capitalize = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);
/** The first letter of the path's last segment, percent-encoded (`generate` -> `%67enerate`). */
const encodeALetter = (path: string) =>
  path.replace(/\/([a-z])([^/]*)$/i, (_m, letter: string, rest: string) => {
    return `/%${letter.charCodeAt(0).toString(16)}${rest}`;
  });

/** The spellings of a path (no query) that are not the path; each must be the route with its guard, or no route. */
function spellings(path: string): Record<string, string> {
  const segments = path.split('/');
  return {
    canonical: path,
    upper: path.toUpperCase(),
    lower: path.toLowerCase(),
    capitalized: segments.map(capitalize).join('/'),
    // The reported bypass: /api/Predictions/Generate.
    mixedAfterApi: ['', 'api', ...segments.slice(2).map(capitalize)].join('/'),
    camelAfterApi: ['', 'api', ...segments.slice(2).map((s, i) => (i % 2 ? s.toUpperCase() : s))].join('/'),
    trailingSlash: `${path}/`,
    doubledSlash: path.replace('/api/', '/api//'),
    doubledInside: path.replace(/\/([^/]+)$/, '//$1'),
    percentEncoded: encodeALetter(path),
    encodedApi: path.replace('/api/', '/%61pi/'),
    dotSegment: path.replace('/api/', '/api/./'),
  };
}

/** Hosting, and the function's own URL (its emulator's), which serves the app without Hosting in front. */
const BASES = {
  hosting: APP_URL,
  function: FUNCTION_URL,
};

type Outcome = 'refused' | 'noRoute' | 'handled';
interface Answer {
  status: number;
  outcome: Outcome;
  text: string;
}

const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;

/** Sends the path byte for byte (fetch would resolve `/./` and the like before sending). */
function ask(base: string, caller: Caller, method: string, path: string, body?: unknown): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') headers.Authorization = `Bearer ${tokens[caller]}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path: `${url.pathname.replace(/\/$/, '')}${path}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(classify(res.statusCode ?? 0, res.headers['content-type'], chunks)));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function classify(status: number, contentType: string | undefined, chunks: Buffer[]): Answer {
  const text = Buffer.concat(chunks).toString();
  const json = (contentType ?? '').startsWith('application/json');
  const message = json ? String((JSON.parse(text) as { message?: unknown }).message ?? '') : '';
  const outcome: Outcome =
    json && (status === 401 || status === 403)
      ? 'refused'
      : // The app's 404 for a path that is no route; Hosting's own pages (its 404, the web app's index.html for
        // a path outside /api/**) are no route of the API either.
        (json && status === 404 && message.startsWith('No API route for')) || !json
        ? 'noRoute'
        : 'handled';
  return { status, outcome, text: text.slice(0, 160) };
}

/** Runs `tasks` a few at a time: the Functions emulator serves 8 requests at once. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** An unexpired token, made expired: the Auth emulator's tokens are unsigned, so only its times need changing. */
function expiredCopy(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number>;
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  const expired = { ...claims, iat: hourAgo - 60, auth_time: hourAgo - 60, exp: hourAgo };
  return [header, Buffer.from(JSON.stringify(expired)).toString('base64url'), signature].join('.');
}

/** An account with the admin claim in its token: what a guard must refuse of it is the strongest case. */
async function adminAccount(label: string) {
  const account = await newTestUser(label);
  await getAuth().setCustomUserClaims(account.uid, { admin: true });
  const { idToken } = await emulatorSignIn(account);
  expect((await apiCall('/api/me', { method: 'POST', token: idToken })).status).toBe(200);
  return { ...account, token: idToken };
}

/** Revocation compares whole seconds with the token's `auth_time`: real sessions are older than a second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100 - (Date.now() % 1_000)));

beforeAll(async () => {
  const investor = await newTestUser('guards-investor');
  expect((await apiCall('/api/me', { method: 'POST', token: investor.token })).status).toBe(200);
  // No free prediction and no money: a generate that got through would stop at 402, never fit a model.
  await db.collection('wallets').doc(investor.uid).update({ freePredictions: 0 });
  const [admin, revoked, disabled, claimRemoved] = await Promise.all(
    ['guards-admin', 'guards-revoked', 'guards-disabled', 'guards-claim-removed'].map(adminAccount),
  );
  Object.assign(tokens, {
    garbage: 'not-a-token',
    expired: expiredCopy(investor.token),
    investor: investor.token,
    admin: admin!.token,
    revoked: revoked!.token,
    disabled: disabled!.token,
    claimRemoved: claimRemoved!.token,
  });
  // As a real session would have: each worker has verified the tokens on a read route before they were revoked,
  // so a worker that trusts a token it remembers is tested too (the bypass of issue 23 rode on that).
  const workers = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 8);
  await inParallel(
    Array.from({ length: 3 * workers }, () => async () => {
      for (const token of [revoked!.token, disabled!.token]) await apiCall('/api/watchlist', { token });
    }),
  );
  await nextSecond();
  await revokeSessions(getAuth(), revoked!.email);
  await revokeSessions(getAuth(), disabled!.email, { disable: true });
  await getAuth().setCustomUserClaims(claimRemoved!.uid, null);
}, 120_000);

describe('the route table', () => {
  it('is every route the app answers, and each has a probe here', () => {
    const table = apiRouteGuards();
    expect([...table.keys()].sort()).toEqual(apiRoutes());
    expect(Object.keys(PROBES).sort()).toEqual(apiRoutes());
  });

  it('guards money and admin routes with a live session', () => {
    const table = apiRouteGuards();
    for (const route of ['POST /api/predictions/generate', 'POST /api/payments/create-intent']) {
      expect(table.get(route), route).toBe('liveSession');
    }
    expect(table.get('POST /api/wallet/add-stripe-funds')).toBe('liveSession');
    for (const [route, guard] of table) {
      if (route.includes('/admin/') || route === 'GET /api/predictions/all') expect(guard, route).toBe('admin');
    }
  });
});

describe.each(Object.keys(BASES) as (keyof typeof BASES)[])('every spelling of every route, via %s', (baseName) => {
  it('reaches a handler only through its guard', async () => {
    const base = BASES[baseName];
    const failures: string[] = [];
    const checks: (() => Promise<void>)[] = [];
    for (const [route, guard] of apiRouteGuards()) {
      const method = route.split(' ')[0]!;
      const probe = PROBES[route]!;
      const [path, query] = probe.path.split('?') as [string, string | undefined];
      for (const caller of CALLERS) {
        checks.push(async () => {
          const canonical = await ask(base, caller, method, probe.path, probe.body);
          const admits = ADMITS[guard][caller];
          const where = `${route} as ${caller}`;
          if (admits === 'yes' && canonical.outcome !== 'handled') {
            failures.push(`${where}: expected its handler, got ${canonical.status} ${canonical.text}`);
          }
          if (admits === 'no' && canonical.outcome !== 'refused') {
            failures.push(`${where}: expected its guard to refuse, got ${canonical.status} ${canonical.text}`);
          }
          for (const [name, spelled] of Object.entries(spellings(path))) {
            if (name === 'canonical') continue;
            const answer = await ask(base, caller, method, query ? `${spelled}?${query}` : spelled, probe.body);
            // The guard's verdict on this caller is the canonical answer's, except where it may go either way.
            const sameAsCanonical = answer.outcome === canonical.outcome || admits === 'either';
            if (answer.outcome === 'handled' && admits === 'no') {
              failures.push(`${where} via ${spelled}: a handler answered ${answer.status} ${answer.text}`);
            } else if (answer.outcome !== 'noRoute' && !sameAsCanonical) {
              failures.push(`${where} via ${spelled}: ${answer.status} ${answer.text}, not ${canonical.status}`);
            }
          }
        });
      }
    }
    await inParallel(checks);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('a path that is no route, on the function itself', () => {
  it('is a 404 with a JSON message, whatever its spelling', async () => {
    for (const path of ['/api/Predictions/Generate', '/api/wallet/', '/api//wallet', '/API/HEALTH', '/nothing']) {
      const res = await fetch(`${BASES.function}${path}`, { method: 'POST' });
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ message: expect.stringMatching(/^No API route for POST /) });
    }
  });
});
