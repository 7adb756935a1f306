import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { getAuth } from 'firebase-admin/auth';
import {
  AccountExport,
  AllPredictionsPage,
  ClosurePreview,
  ClockState,
  CreatePaymentIntentResponse,
  DefaultModels,
  GeneratePredictionResponse,
  LiveStatusList,
  MeResponse,
  NotificationsPage,
  UnreadCount,
  PredictionList,
  PredictionPreview,
  PushDevices,
  TransactionsResponse,
  Wallet,
  Watchlist,
  WatchlistSymbols,
} from '@stockseer/contract';
import { apiCall, APP_URL, newTestUser, type ApiResult } from '../../../tools/testing/api';
import { unusedPushEndpoint, unusedSubscription } from '../../../tools/testing/pushService';
import { emulatorSignIn } from '../../../tools/lib/emulatorSignIn';
import { db, paidTopUp, sign } from '../../test/payments.testkit';
import { apiRoutes } from '../../test/routes.testkit';
import { notificationWrite } from '../adapters/firestore/notifications';
import { topUpRefunded } from '../domain/notifications';

/**
 * Who may call what (docs/product.md#roles-and-guards): every endpoint, called by four callers. `owner` owns the
 * resources a row addresses (a prediction, an Idempotency-Key, a PaymentIntent); `other` is another signed-in user
 * trying them; `admin` has the admin claim but no special rights over other users' money. Neither `other` nor `admin`
 * has a free prediction left, so a generate that reached the owner's prediction would answer 200 where 402 is expected.
 */
const CALLERS = ['anonymous', 'owner', 'other', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = Record<Caller, number>;

interface Request {
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  /** `METHOD /path` as the app registers it. */
  route: string;
  /** What the row's request is, when the path alone does not say. */
  what?: string;
  request: Request;
  expected: Statuses;
  /** Further checks of a 2xx answer: that a caller sees only their own things. */
  check?: (result: ApiResult<unknown>, caller: Caller) => void;
}

const signedIn = (status = 200): Statuses => ({ anonymous: 401, owner: status, other: status, admin: status });
const adminOnly: Statuses = { anonymous: 401, owner: 403, other: 403, admin: 200 };
const everyone = (status: number): Statuses => ({ anonymous: status, owner: status, other: status, admin: status });

const users = {} as Record<Exclude<Caller, 'anonymous'>, { uid: string; token: string }>;
const uidOf = (caller: Caller) => (caller === 'anonymous' ? undefined : users[caller].uid);
const stamp = Date.now();
const predictionKey = `authz-prediction-${stamp}`;
const intentKey = `authz-intent-${stamp}`;
let ownersPrediction: string;
let ownersIntent: string;
let ownersPaidIntent: string;
let ownersNotification: string;
let currentDefaults: DefaultModels;
let currentClock: z.infer<typeof ClockState>;
let ownersDevice: string;
let adminsDevice: string;
const addDevice = async (token: string, endpoint: string) =>
  PushDevices.parse((await apiCall('/api/push/subscriptions', { token, body: unusedSubscription(endpoint) })).body)
    .devices[0]!.id;

const PREDICTION = { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' } as const;
const LIST_QUERY = 'symbol=AAPL&modelId=recommended&timeFrame=short';
const generate = (token: string) =>
  apiCall('/api/predictions/generate', { token, body: PREDICTION, headers: { 'Idempotency-Key': predictionKey } });

/** A user with a wallet and no free prediction left: a generate it may make stops at 402, before any model fit. */
async function withoutAllowance(user: { uid: string; token: string }) {
  expect((await apiCall('/api/me', { method: 'POST', token: user.token })).status).toBe(200);
  await db.collection('wallets').doc(user.uid).update({ freePredictions: 0 });
  return user;
}

beforeAll(async () => {
  const owner = await newTestUser('authz-owner');
  users.owner = owner;
  users.other = await withoutAllowance(await newTestUser('authz-other'));
  const admin = await newTestUser('authz-admin');
  await getAuth().setCustomUserClaims(admin.uid, { admin: true });
  users.admin = await withoutAllowance({ uid: admin.uid, token: (await emulatorSignIn(admin)).idToken });

  // The owner's resources: the one model fit of this file, a PaymentIntent per key, a paid top-up.
  ownersPrediction = GeneratePredictionResponse.parse((await generate(owner.token)).body).prediction.id;
  ownersIntent = CreatePaymentIntentResponse.parse(
    (
      await apiCall('/api/payments/create-intent', {
        token: owner.token,
        body: { amount: 5 },
        headers: { 'Idempotency-Key': intentKey },
      })
    ).body,
  ).paymentIntentId;
  ownersPaidIntent = await paidTopUp(owner.token, 5);
  await apiCall('/api/watchlist/star', { token: owner.token, body: { symbol: 'AAPL' } });
  const refund = topUpRefunded({ paymentIntentId: ownersPaidIntent, refundId: `re_authz_${stamp}`, amountCents: 100 });
  const [notificationRef, notification] = notificationWrite(db, owner.uid, refund, new Date());
  await notificationRef.create(notification);
  ownersNotification = notificationRef.id;
  ownersDevice = await addDevice(owner.token, unusedPushEndpoint(`authz-owner-${stamp}`));
  adminsDevice = await addDevice(users.admin.token, unusedPushEndpoint(`authz-admin-${stamp}`));
  // The admin rows write what is already there, so they change nothing for the tests after this file.
  currentDefaults = DefaultModels.parse(
    (await apiCall('/api/admin/default-models', { token: users.admin.token })).body,
  );
  currentClock = ClockState.parse((await apiCall('/api/admin/clock', { token: users.admin.token })).body);
});

/** Lists the caller's own predictions and never the owner's to anyone else. */
const onlyOwnPredictions = (result: ApiResult<unknown>, caller: Caller) => {
  const predictions = PredictionList.parse(result.body);
  expect(predictions.every((p) => p.userId === uidOf(caller))).toBe(true);
  expect(predictions.some((p) => p.id === ownersPrediction)).toBe(caller === 'owner');
};

const rows: Row[] = [
  { route: 'GET /api/health', request: { path: '/api/health' }, expected: everyone(200) },
  { route: 'GET /api/track-record', request: { path: '/api/track-record' }, expected: everyone(200) },
  {
    route: 'POST /api/payments/webhook',
    what: 'a correctly signed event, whoever sends it: Stripe has no ID token, the signature is the proof',
    request: { path: '/api/payments/webhook', body: 'signed' },
    expected: everyone(200),
  },
  {
    route: 'POST /api/me',
    request: { path: '/api/me', method: 'POST' },
    expected: signedIn(),
    check: (r, caller) => expect(MeResponse.parse(r.body).user.id).toBe(uidOf(caller)),
  },
  { route: 'GET /api/market-data', request: { path: '/api/market-data' }, expected: signedIn() },
  { route: 'GET /api/stocks/search', request: { path: '/api/stocks/search?q=ap' }, expected: signedIn() },
  { route: 'GET /api/stocks/:symbol', request: { path: '/api/stocks/AAPL' }, expected: signedIn() },
  { route: 'GET /api/stocks/:symbol/price', request: { path: '/api/stocks/AAPL/price' }, expected: signedIn() },
  { route: 'GET /api/stocks/:symbol/history', request: { path: '/api/stocks/AAPL/history' }, expected: signedIn() },
  {
    route: 'GET /api/predictions/historical',
    request: { path: '/api/predictions/historical?symbol=AAPL&modelId=arima&timeFrame=short' },
    expected: signedIn(),
  },
  {
    route: 'GET /api/predictions/future',
    request: { path: `/api/predictions/future?${LIST_QUERY}` },
    expected: signedIn(),
    check: onlyOwnPredictions,
  },
  {
    route: 'GET /api/predictions/user',
    request: { path: '/api/predictions/user' },
    expected: signedIn(),
    check: onlyOwnPredictions,
  },
  {
    route: 'GET /api/predictions/live-status',
    what: "only the caller's own open predictions",
    request: { path: '/api/predictions/live-status' },
    expected: signedIn(),
    check: (r, caller) =>
      expect(LiveStatusList.parse(r.body).some((s) => s.predictionId === ownersPrediction)).toBe(caller === 'owner'),
  },
  {
    route: 'GET /api/watchlist',
    what: "the caller's own watchlist: the owner starred AAPL, nobody else did",
    request: { path: '/api/watchlist' },
    expected: signedIn(),
    check: (r, caller) =>
      expect(Watchlist.parse(r.body).rows.some((row) => row.symbol === 'AAPL')).toBe(caller === 'owner'),
  },
  {
    route: 'POST /api/watchlist/star',
    what: "a star of the caller's own",
    request: { path: '/api/watchlist/star', body: { symbol: 'AAPL' } },
    expected: signedIn(),
    check: (r) => expect(WatchlistSymbols.parse(r.body).symbols).toContain('AAPL'),
  },
  {
    route: 'POST /api/watchlist/alert',
    what: "an alert on the caller's own star",
    request: { path: '/api/watchlist/alert', body: { symbol: 'AAPL', atLeastPercent: 60 } },
    expected: signedIn(),
  },
  {
    route: 'POST /api/watchlist/unstar',
    what: "the caller's own star, whoever else stars the stock (none is left for later tests' maintenance plans)",
    request: { path: '/api/watchlist/unstar', body: { symbol: 'AAPL' } },
    expected: signedIn(),
    check: (r) => expect(WatchlistSymbols.parse(r.body).symbols).not.toContain('AAPL'),
  },
  {
    route: 'GET /api/notifications',
    what: "the caller's own inbox: the owner's entry, to the owner only",
    request: { path: '/api/notifications' },
    expected: signedIn(),
    check: (r, caller) =>
      expect(NotificationsPage.parse(r.body).notifications.some((n) => n.id === ownersNotification)).toBe(
        caller === 'owner',
      ),
  },
  {
    route: 'POST /api/notifications/read',
    what: "the owner's entry by id: marked in the caller's own inbox only (nobody else has it)",
    request: { path: '/api/notifications/read', body: 'owners notification' },
    expected: signedIn(),
    check: (r) => expect(UnreadCount.parse(r.body).unreadCount).toBe(0),
  },
  {
    route: 'GET /api/push/subscriptions',
    what: "the caller's own devices: the owner turned notifications on for one, nobody else saw it",
    request: { path: '/api/push/subscriptions' },
    expected: signedIn(),
    check: (r, caller) =>
      expect(PushDevices.parse(r.body).devices.some((d) => d.id === ownersDevice)).toBe(caller === 'owner'),
  },
  {
    route: 'POST /api/push/subscriptions',
    what: "one browser's subscription, added to each caller's own devices",
    request: { path: '/api/push/subscriptions', body: unusedSubscription(unusedPushEndpoint(`authz-${stamp}`)) },
    expected: signedIn(),
    check: (r, caller) =>
      expect(PushDevices.parse(r.body).devices.some((d) => d.id === ownersDevice)).toBe(caller === 'owner'),
  },
  {
    route: 'DELETE /api/push/subscriptions/:id',
    what: "the admin's own device: the owner and another user are refused it first, then the admin removes it",
    request: { path: '/api/push/subscriptions/admins device', method: 'DELETE' },
    expected: { anonymous: 401, owner: 404, other: 404, admin: 200 },
    check: (r) => expect(PushDevices.parse(r.body).devices.some((d) => d.id === adminsDevice)).toBe(false),
  },
  {
    route: 'GET /api/predictions/preview',
    what: "the owner's forecast of the day: only the owner is told they already have it",
    request: { path: `/api/predictions/preview?${LIST_QUERY}` },
    expected: signedIn(),
    check: (r, caller) =>
      expect(PredictionPreview.parse(r.body).cost).toEqual(
        caller === 'owner'
          ? { kind: 'duplicate', predictionId: ownersPrediction }
          : expect.objectContaining({ kind: 'insufficient' }),
      ),
  },
  {
    route: 'POST /api/predictions/generate',
    what: "the owner's Idempotency-Key: the owner's retry gets the prediction, anyone else's key is their own",
    request: { path: '/api/predictions/generate', body: PREDICTION, headers: { 'Idempotency-Key': predictionKey } },
    expected: { anonymous: 401, owner: 200, other: 402, admin: 402 },
    check: (r) => expect(GeneratePredictionResponse.parse(r.body).prediction.id).toBe(ownersPrediction),
  },
  {
    route: 'POST /api/payments/create-intent',
    what: "the owner's Idempotency-Key: only the owner gets the owner's PaymentIntent back",
    request: { path: '/api/payments/create-intent', body: { amount: 5 }, headers: { 'Idempotency-Key': intentKey } },
    expected: signedIn(),
    check: (r, caller) =>
      expect(CreatePaymentIntentResponse.parse(r.body).paymentIntentId === ownersIntent).toBe(caller === 'owner'),
  },
  {
    route: 'POST /api/wallet/add-stripe-funds',
    what: "the owner's paid PaymentIntent: nobody else can have it credited, not even an admin",
    request: { path: '/api/wallet/add-stripe-funds', body: 'owners paid intent' },
    expected: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/wallet',
    request: { path: '/api/wallet' },
    expected: signedIn(),
    check: (r, caller) => expect(Wallet.parse(r.body).userId).toBe(uidOf(caller)),
  },
  {
    route: 'GET /api/wallet/transactions',
    request: { path: '/api/wallet/transactions' },
    expected: signedIn(),
    check: (r, caller) =>
      expect(TransactionsResponse.parse(r.body).every((t) => t.walletId === uidOf(caller))).toBe(true),
  },
  {
    route: 'GET /api/account/export',
    what: "the caller's own data only",
    request: { path: '/api/account/export' },
    expected: signedIn(),
    check: (r, caller) => {
      const data = AccountExport.parse(r.body);
      expect(data.wallet?.userId).toBe(uidOf(caller));
      expect(data.predictions.some((p) => p.id === ownersPrediction)).toBe(caller === 'owner');
      expect(data.statement.every((t) => t.walletId === uidOf(caller))).toBe(true);
    },
  },
  {
    route: 'GET /api/account/closure',
    what: "what closing the caller's own account would do",
    request: { path: '/api/account/closure' },
    expected: signedIn(),
    check: (r, caller) => expect(ClosurePreview.parse(r.body).refunds.length > 0).toBe(caller === 'owner'),
  },
  {
    route: 'POST /api/account/close',
    what: 'without the typed confirmation: nothing closes',
    request: { path: '/api/account/close', body: { confirmation: 'close' } },
    expected: { anonymous: 401, owner: 400, other: 400, admin: 400 },
  },
  { route: 'GET /api/admin/default-models', request: { path: '/api/admin/default-models' }, expected: adminOnly },
  {
    route: 'POST /api/admin/default-models',
    what: 'the current default again',
    request: { path: '/api/admin/default-models', body: 'current default' },
    expected: adminOnly,
  },
  {
    route: 'POST /api/admin/check-predictions',
    request: { path: '/api/admin/check-predictions', method: 'POST' },
    expected: adminOnly,
  },
  {
    route: 'POST /api/admin/books/full-audit',
    request: { path: '/api/admin/books/full-audit', body: { walletIds: ['no-such-wallet'] } },
    expected: adminOnly,
  },
  { route: 'GET /api/admin/users', request: { path: '/api/admin/users' }, expected: adminOnly },
  { route: 'GET /api/admin/alerts', request: { path: '/api/admin/alerts' }, expected: adminOnly },
  { route: 'GET /api/admin/overview', request: { path: '/api/admin/overview' }, expected: adminOnly },
  // JSON only (issue 14): a form post, which a browser sends cross-site without a preflight, is refused before
  // anything else is looked at, so it moves no money whoever sends it.
  ...(
    [
      ['POST /api/predictions/generate', { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' }],
      ['POST /api/payments/create-intent', { amount: '5' }],
      ['POST /api/wallet/add-stripe-funds', { paymentIntentId: 'pi_form' }],
      ['POST /api/admin/default-models', { timeFrame: 'short', modelId: 'arima' }],
    ] as const
  ).map(([route, fields]): Row => ({
    route,
    what: 'a form-encoded body',
    request: { path: route.replace('POST ', ''), method: 'POST', body: { form: new URLSearchParams(fields) } },
    expected: everyone(415),
  })),
  { route: 'GET /api/admin/maintenance-runs', request: { path: '/api/admin/maintenance-runs' }, expected: adminOnly },
  {
    route: 'GET /api/admin/maintenance-runs/:id',
    what: 'a run nobody made: only an admin learns that it does not exist',
    request: { path: '/api/admin/maintenance-runs/no-such-run' },
    expected: { ...adminOnly, admin: 404 },
  },
  {
    route: 'GET /api/predictions/all',
    what: "filtered to the owner: an admin sees every user's predictions",
    request: { path: '/api/predictions/all?userId=owner' },
    expected: adminOnly,
    check: (r) => expect(AllPredictionsPage.parse(r.body).predictions.map((p) => p.id)).toContain(ownersPrediction),
  },
  { route: 'GET /api/admin/clock', request: { path: '/api/admin/clock' }, expected: adminOnly },
  // Support (issue 26): the owner's page, and actions that an admin's call refuses before anything moves.
  { route: 'GET /api/admin/users/:uid', request: { path: '/api/admin/users/owner' }, expected: adminOnly },
  {
    route: 'GET /api/admin/users/:uid/statement',
    request: { path: '/api/admin/users/owner/statement' },
    expected: adminOnly,
  },
  {
    route: 'GET /api/admin/users/:uid/predictions',
    request: { path: '/api/admin/users/owner/predictions' },
    expected: adminOnly,
    check: (r) => expect(AllPredictionsPage.parse(r.body).predictions.map((p) => p.id)).toContain(ownersPrediction),
  },
  {
    route: 'POST /api/admin/users/:uid/credits',
    what: 'a credit of $0: only an admin is told what is wrong with it',
    request: {
      path: '/api/admin/users/owner/credits',
      body: { amountCents: 0, reason: 'authz probe' },
      headers: { 'Idempotency-Key': 'authz-credit-probe' },
    },
    expected: { ...adminOnly, admin: 400 },
  },
  {
    route: 'POST /api/admin/users/:uid/refunds',
    what: 'a refund of a PaymentIntent Stripe does not know',
    request: {
      path: '/api/admin/users/owner/refunds',
      body: { paymentIntentId: 'pi_authz_none', amountCents: 1, reason: 'authz probe' },
      headers: { 'Idempotency-Key': 'authz-refund-probe' },
    },
    expected: { ...adminOnly, admin: 404 },
  },
  {
    route: 'POST /api/admin/users/:uid/sign-out',
    what: 'a user nobody has: only an admin learns that it does not exist',
    request: {
      path: '/api/admin/users/no-such-user/sign-out',
      body: { reason: 'authz probe' },
      headers: { 'Idempotency-Key': 'authz-sign-out-probe' },
    },
    expected: { ...adminOnly, admin: 404 },
  },
  { route: 'GET /api/admin/audit-log', request: { path: '/api/admin/audit-log' }, expected: adminOnly },
  {
    route: 'POST /api/client-errors',
    what: "the web app's error report: public, since a page fails signed out too",
    request: { path: '/api/client-errors', body: { kind: 'render', message: 'authz probe', path: '/wallet' } },
    expected: everyone(204),
  },
  {
    route: 'POST /api/admin/clock',
    what: 'the current date again',
    request: { path: '/api/admin/clock', body: 'current clock' },
    expected: adminOnly,
  },
];

/** The placeholders of the table become the values made in beforeAll (they do not exist when the table is built). */
function resolve(request: Request): Request {
  switch (request.body) {
    case 'owners paid intent':
      return { ...request, body: { paymentIntentId: ownersPaidIntent } };
    case 'owners notification':
      return { ...request, body: { ids: [ownersNotification] } };
    case 'current default':
      return { ...request, body: { timeFrame: 'short', modelId: currentDefaults.short } };
    case 'current clock':
      return { ...request, body: { today: currentClock.pinned ? currentClock.today : null } };
    default:
      return {
        ...request,
        path: request.path
          .replace('userId=owner', `userId=${users.owner.uid}`)
          .replace('/users/owner', `/users/${users.owner.uid}`)
          .replace('admins device', adminsDevice),
      };
  }
}

async function call(request: Request, caller: Caller): Promise<ApiResult<unknown>> {
  const token = caller === 'anonymous' ? undefined : users[caller].token;
  if (request.body === 'signed') return signedWebhook(caller, token);
  const { form } = (request.body ?? {}) as { form?: unknown };
  if (form instanceof URLSearchParams) {
    const res = await fetch(`${APP_URL}${request.path}`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }
  return apiCall(request.path, { token, method: request.method, body: request.body, headers: request.headers });
}

/** An event Stripe signed (one the webhook acknowledges and ignores), posted with the caller's token if any. */
async function signedWebhook(caller: Caller, token: string | undefined): Promise<ApiResult<unknown>> {
  const payload = JSON.stringify({
    id: `evt_authz_${stamp}_${caller}`,
    object: 'event',
    type: 'payment_intent.created',
    data: { object: { id: `pi_authz_${stamp}`, object: 'payment_intent' } },
  });
  const res = await fetch(`${APP_URL}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': sign(payload),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

describe('authorization matrix: every endpoint as anonymous, owner, another user and admin', () => {
  it('has a row for every route the api function serves, and none for a route it does not serve', () => {
    expect([...new Set(rows.map((r) => r.route))].sort()).toEqual(apiRoutes());
  });

  for (const row of rows) {
    const expectation = CALLERS.map((c) => `${c} ${row.expected[c]}`).join(', ');
    it(`${row.route}${row.what ? ` (${row.what})` : ''}: ${expectation}`, async () => {
      const request = resolve(row.request);
      const actual = {} as Statuses;
      const results = {} as Record<Caller, ApiResult<unknown>>;
      for (const caller of CALLERS) {
        results[caller] = await call(request, caller);
        actual[caller] = results[caller].status;
      }
      expect(actual).toEqual(row.expected);
      for (const caller of CALLERS) {
        const { status, body } = results[caller];
        if (status >= 400)
          expect(typeof (body as { message?: unknown }).message, `${caller}: ${status}`).toBe('string');
        else row.check?.(results[caller], caller);
      }
    });
  }
});
