import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeApiError } from './errors';
import { invalidRequest } from './errors';

/** An HTTP answer before it is written; `replayed` marks one served from an idempotency key. */
export interface Reply {
  status: number;
  body: unknown;
  replayed?: boolean;
}

// Far above any Stripe request the functions or the card form make; it only stops a runaway client.
const maxBodyBytes = 1_000_000;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw invalidRequest('The request body is too large.', {}, 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function errorReply(error: StripeApiError): Reply {
  return { status: error.status, body: { error: error.body } };
}

export function sendReply(response: ServerResponse, reply: Reply, headers: Record<string, string>): void {
  const body = reply.status === 204 ? '' : JSON.stringify(reply.body, null, 2);
  response.writeHead(reply.status, {
    ...headers,
    ...(reply.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
  });
  response.end(body);
}

/**
 * CORS for the routes a browser calls with a publishable key: the app and the sandbox both run on 127.0.0.1 but on
 * different ports, so any 127.0.0.1 origin is allowed and no other.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined || !/^https?:\/\/127\.0\.0\.1(:\d+)?$/.test(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
    'Access-Control-Expose-Headers': 'Request-Id',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
