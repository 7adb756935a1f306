import type { z } from 'zod';
import { ErrorResponse } from '@stockseer/contract';
import { firebaseAuth } from './firebase';
import { reportNetworkFailure, reportReachable } from './online';
import { ApiError } from './apiError';

export { ApiError };

/** Retry-After in its delta-seconds form, the one our API sends; anything else is no advice. */
function retryAfterOf(res: Response): number | undefined {
  const header = res.headers.get('Retry-After')?.trim();
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
}

async function freshIdToken(): Promise<string | undefined> {
  try {
    return await firebaseAuth.currentUser?.getIdToken();
  } catch {
    // docs/product.md#client-behaviour: if the token cannot be had, the request goes ahead without one (and the server
    // answers 401).
    return undefined;
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let message = text || res.statusText;
  try {
    message = ErrorResponse.parse(JSON.parse(text)).message;
  } catch {
    // Not our JSON error shape (e.g. a proxy's page): keep the status text.
  }
  return new ApiError(res.status, message || `Request failed with status ${res.status}`, retryAfterOf(res));
}

/** The one API client: fresh ID token, cookies, JSON only when there is a body, and a response schema. */
export async function api<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
  const headers: Record<string, string> = {};
  const token = await freshIdToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    // A read with no answer at all: offline, which the app says once (lib/online.ts) rather than per request. An
    // action's (a body: generate, a payment; or a removal) is its own to report, and to retry with the same key at once.
    if (options.body === undefined && method !== 'DELETE') reportNetworkFailure();
    throw error;
  }
  reportReachable();
  if (!res.ok) throw await errorFrom(res);
  return schema.parse(await res.json());
}
