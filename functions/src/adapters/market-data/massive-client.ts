import { notFound, rateLimited, upstreamUnavailable } from '../../domain/errors';

export interface MassiveResponse {
  status: number;
  body: unknown;
}

/** Requests that hang would hold a function instance and the user's spinner; Massive normally answers in < 1 s. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * HTTP access to the Massive (formerly Polygon.io) REST API. The key travels in the Authorization header, so it
 * never appears in a logged URL.
 */
export class MassiveClient {
  constructor(private readonly options: { baseUrl: string; apiKey: string; timeoutMs?: number }) {}

  /** GETs a path; throws upstreamUnavailable when Massive cannot be reached or answers no JSON. */
  async request(path: string, params: Record<string, string> = {}): Promise<MassiveResponse> {
    const url = new URL(path, this.options.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Authorization: `Bearer ${this.options.apiKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const reason = timedOut ? `did not answer within ${timeoutMs} ms` : 'could not be reached';
      throw upstreamUnavailable(`Market data provider ${reason}.`, error);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text === '' ? {} : JSON.parse(text) };
    } catch (error) {
      throw upstreamUnavailable(`Market data provider answered HTTP ${response.status} without JSON.`, error);
    }
  }

  /** GETs a path and returns the body of a 2xx answer; every other status becomes the matching AppError. */
  async get(path: string, params: Record<string, string>, notFoundMessage: string): Promise<unknown> {
    return ensureOk(await this.request(path, params), notFoundMessage);
  }
}

export function ensureOk({ status, body }: MassiveResponse, notFoundMessage: string): unknown {
  if (status >= 200 && status < 300) return body;
  const detail = errorText(body);
  if (status === 429) throw rateLimited(`Rate limit exceeded: ${detail ?? 'too many market data requests'}`);
  if (status === 404) throw notFound(notFoundMessage);
  throw upstreamUnavailable(`Market data provider answered HTTP ${status}${detail ? `: ${detail}` : ''}`);
}

/** Massive puts its explanation in `error` or `message` depending on the endpoint. */
function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  const text = typeof error === 'string' ? error : message;
  return typeof text === 'string' ? text : undefined;
}
