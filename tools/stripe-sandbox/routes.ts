import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, publishableKeyRefused, requireClientSecret, type Caller } from './auth';
import { invalidRequest, StripeApiError } from './errors';
import { parseForm, type FormObject } from './form';
import { corsHeaders, errorReply, readBody, sendReply, type Reply } from './http';
import { requestFingerprint, type IdempotencyKeys } from './idempotency';
import { newId } from './ids';
import { listPage } from './lists';
import { readString } from './params';
import type { PaymentIntent, PaymentIntents } from './payment-intents';
import type { Charges } from './charges';
import type { StripeEvent, Webhooks } from './webhooks';

/** The sandbox's state, shared by all routes. */
export interface Sandbox {
  intents: PaymentIntents;
  charges: Charges;
  webhooks: Webhooks;
  idempotencyKeys: IdempotencyKeys;
  log: (line: string) => void;
}

interface Call {
  /** The ids captured from the path, such as the PaymentIntent's. */
  ids: string[];
  form: FormObject;
  request: StripeEvent['request'];
  apiVersion: string | null;
}

/**
 * Who may call a route: `secret` needs a secret key; `client` also admits a publishable key with the intent's client
 * secret, from a browser (CORS); `sandbox` routes are the sandbox's own controls and need no key.
 */
type Access = 'secret' | 'client' | 'sandbox';

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  access: Access;
  handle(call: Call, sandbox: Sandbox): unknown;
}

const routes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    access: 'secret',
    handle: (call, sandbox) => announceSuccess(sandbox.intents.create(call.form), call, sandbox),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    access: 'client',
    handle: ({ ids: [id] }, sandbox) => sandbox.intents.retrieve(id as string),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    access: 'client',
    handle: (call, sandbox) =>
      announceSuccess(sandbox.intents.confirm(call.ids[0] as string, call.form), call, sandbox),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    access: 'secret',
    handle: (call, sandbox) => {
      const intent = sandbox.intents.cancel(call.ids[0] as string, call.form);
      sandbox.webhooks.publish('payment_intent.canceled', intent, call.request, call.apiVersion);
      return intent;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/charges\/([^/]+)$/,
    access: 'secret',
    handle: ({ ids: [id] }, sandbox) => sandbox.charges.retrieveCharge(id as string),
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    access: 'secret',
    handle: ({ ids: [id] }, sandbox) => sandbox.charges.retrieveRefund(id as string),
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    access: 'secret',
    handle: (call, sandbox) => {
      const { refund, charge } = sandbox.charges.refund(call.form);
      sandbox.webhooks.publish('charge.refunded', charge, call.request, call.apiVersion);
      return refund;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents$/,
    access: 'secret',
    handle: (call, sandbox) => listPage('/v1/payment_intents', sandbox.intents.list(), call.form),
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    access: 'secret',
    handle: (call, sandbox) => listPage('/v1/refunds', sandbox.charges.listRefunds(call.form), call.form),
  },
  {
    method: 'GET',
    path: /^\/v1\/disputes$/,
    access: 'secret',
    handle: (call, sandbox) => listPage('/v1/disputes', sandbox.charges.listDisputes(call.form), call.form),
  },
  {
    method: 'GET',
    path: /^\/v1\/disputes\/([^/]+)$/,
    access: 'secret',
    handle: ({ ids: [id] }, sandbox) => sandbox.charges.retrieveDispute(id as string),
  },
  {
    method: 'POST',
    path: /^\/sandbox\/payment_intents\/([^/]+)\/dispute$/,
    access: 'sandbox',
    handle: (call, sandbox) => openDispute(call.ids[0] as string, call.form, call, sandbox),
  },
  {
    method: 'POST',
    path: /^\/sandbox\/disputes\/([^/]+)\/close$/,
    access: 'sandbox',
    handle: (call, sandbox) => {
      const dispute = sandbox.charges.closeDispute(call.ids[0] as string, call.form);
      sandbox.webhooks.publish('charge.dispute.closed', dispute, call.request, call.apiVersion);
      return dispute;
    },
  },
  {
    method: 'POST',
    path: /^\/sandbox\/refunds\/([^/]+)\/settle$/,
    access: 'sandbox',
    handle: (call, sandbox) => {
      const refund = sandbox.charges.settleRefund(call.ids[0] as string, call.form);
      sandbox.webhooks.publish('charge.refund.updated', refund, call.request, call.apiVersion);
      return refund;
    },
  },
  {
    method: 'GET',
    path: /^\/sandbox\/events$/,
    access: 'sandbox',
    handle: (_call, sandbox) => list('/sandbox/events', sandbox.webhooks.list()),
  },
  {
    method: 'POST',
    path: /^\/sandbox\/events\/([^/]+)\/resend$/,
    access: 'sandbox',
    handle: ({ ids: [id] }, sandbox) => sandbox.webhooks.resend(id as string),
  },
];

export function createRequestHandler(sandbox: Sandbox) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const requestId = newId('req');
    const url = new URL(request.url ?? '/', 'http://sandbox');
    // A preflight (OPTIONS) finds the route it asks about, so that it gets that route's CORS answer.
    const route = routes.find(
      (candidate) =>
        candidate.path.test(url.pathname) &&
        (candidate.method === request.method || (request.method === 'OPTIONS' && candidate.access === 'client')),
    );
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      ...(route?.access === 'client' ? corsHeaders(request.headers.origin) : {}),
      ...echoedHeaders(request),
    };
    void answer(route, request, url, requestId, sandbox).then((reply) => sendReply(response, reply, headers));
  };
}

async function answer(
  route: Route | undefined,
  request: IncomingMessage,
  url: URL,
  requestId: string,
  sandbox: Sandbox,
): Promise<Reply> {
  if (route === undefined) return errorReply(unrecognized(request.method, url.pathname));
  if (request.method === 'OPTIONS') return { status: 204, body: null };
  try {
    return await serve(route, request, url, requestId, sandbox);
  } catch (error) {
    return replyForError(error, sandbox);
  }
}

async function serve(
  route: Route,
  request: IncomingMessage,
  url: URL,
  requestId: string,
  sandbox: Sandbox,
): Promise<Reply> {
  const rawParams = request.method === 'GET' ? url.search.slice(1) : await readBody(request);
  const form = parseForm(rawParams);
  const keyParam = readString(form.key, 'key');
  const caller = route.access === 'sandbox' ? undefined : authenticate(request.headers.authorization, keyParam);
  const ids = (route.path.exec(url.pathname) ?? []).slice(1).map(decodeURIComponent);
  if (caller !== undefined) authorize(route, caller, ids, form, sandbox);
  const idempotencyKey = header(request, 'idempotency-key');
  const call: Call = {
    ids,
    form: withoutCredentials(form),
    request: { id: requestId, idempotency_key: idempotencyKey ?? null },
    apiVersion: header(request, 'stripe-version') ?? null,
  };
  const execute = async (): Promise<Reply> => {
    try {
      return { status: 200, body: await route.handle(call, sandbox) };
    } catch (error) {
      return replyForError(error, sandbox);
    }
  };
  // Stripe ignores idempotency keys on GET; the sandbox's own routes are not part of the Stripe API.
  if (request.method !== 'POST' || route.access === 'sandbox' || idempotencyKey === undefined) return execute();
  return sandbox.idempotencyKeys.run(idempotencyKey, requestFingerprint('POST', url.pathname, rawParams), execute);
}

function authorize(route: Route, caller: Caller, ids: string[], form: FormObject, sandbox: Sandbox): void {
  if (caller === 'secret') return;
  if (route.access !== 'client') throw publishableKeyRefused();
  requireClientSecret(sandbox.intents.retrieve(ids[0] as string), readString(form.client_secret, 'client_secret'));
}

/**
 * Success of a PaymentIntent is what our webhook endpoint subscribes to, so it is the event the sandbox sends; the
 * charge it made can then be refunded or disputed. A card that disputes by itself does so right after.
 */
function announceSuccess(intent: PaymentIntent, call: Call, sandbox: Sandbox): PaymentIntent {
  if (intent.status === 'succeeded') {
    sandbox.charges.record(intent, { refundsPending: sandbox.intents.paidWith(intent.id)?.refundsPending });
    sandbox.webhooks.publish('payment_intent.succeeded', intent, call.request, call.apiVersion);
    if (sandbox.intents.paidWith(intent.id)?.disputed) openDispute(intent.id, {}, call, sandbox);
  }
  return intent;
}

function openDispute(paymentIntentId: string, form: FormObject, call: Call, sandbox: Sandbox) {
  const { dispute } = sandbox.charges.openDispute(paymentIntentId, form);
  sandbox.webhooks.publish('charge.dispute.created', dispute, call.request, call.apiVersion);
  return dispute;
}

function list(url: string, data: unknown[]) {
  return { object: 'list', data, has_more: false, url };
}

// `key` and `client_secret` authenticate a browser call (Stripe.js sends them as parameters); they are not
// parameters of the operation itself.
function withoutCredentials(form: FormObject): FormObject {
  const params = { ...form };
  delete params.key;
  delete params.client_secret;
  return params;
}

function replyForError(error: unknown, sandbox: Sandbox): Reply {
  if (error instanceof StripeApiError) return errorReply(error);
  sandbox.log(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    status: 500,
    body: { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' } },
  };
}

function unrecognized(method: string | undefined, path: string): StripeApiError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). The Stripe sandbox serves only PaymentIntents create, retrieve, ` +
      'confirm and cancel, charges, refunds, disputes, and its /sandbox controls.',
    {},
    404,
  );
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// Stripe echoes these back, and the SDK reports them with the response.
function echoedHeaders(request: IncomingMessage): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const name of ['Stripe-Version', 'Idempotency-Key']) {
    const value = header(request, name.toLowerCase());
    if (value !== undefined) echoed[name] = value;
  }
  return echoed;
}
