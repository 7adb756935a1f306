import type { TestAccount } from '@stockseer/contract/testAccounts';
import { emulatorSignIn } from '../lib/emulatorSignIn';
import { PORTS, PROJECT_ID } from '../stack/config';

/** Integration tests talk to the API the way the browser does: through Hosting's /api rewrite. */
export const APP_URL = process.env.STOCKSEER_APP_URL ?? 'http://127.0.0.1:5000';
/** The `api` function's own URL on the Functions emulator, which serves the app without Hosting in front. */
export const FUNCTION_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/us-central1/api`;

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

export async function apiCall<T = unknown>(
  path: string,
  options: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${APP_URL}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the raw text (and an assertion on `message` fails loudly).
  }
  return { status: res.status, body: body as T };
}

let counter = 0;
/** A brand-new Google test account per call, so tests never share state. */
export async function newTestUser(label = 'user'): Promise<TestAccount & { uid: string; token: string }> {
  const account = { email: `${label}-${Date.now()}-${counter++}@int.test`, displayName: `Test ${label}` };
  const { uid, idToken } = await emulatorSignIn(account);
  return { ...account, uid, token: idToken };
}
