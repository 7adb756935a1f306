import type { RequestHandler } from 'express';

/**
 * Who may reach a route. The router attaches a route's guard to the route itself (app.ts), and routing is
 * case-sensitive and strict, so no spelling of a path reaches a handler without the guard declared beside it.
 * - `public`: anyone: the health check, and Stripe's webhook (its signature is the proof).
 * - `signedIn`: a verified ID token, trusted until it expires: the reads (GET) other than an export.
 * - `liveSession`: a verified token of an account that is, now, enabled and not signed out: every signed-in route that
 *   writes (any method but GET) or exports, so a revoke or disable ends the session there at once.
 * - `admin`: a live session whose account has the `admin` claim now, not only in its token.
 * The types below let only a GET trust a token; routeTable.test.ts holds every route of the table to the rule.
 */
export type Guard = 'public' | 'signedIn' | 'liveSession' | 'admin';

/** The guards of a route that writes: a trusted token alone never reaches one. */
export type WriteGuard = Exclude<Guard, 'signedIn'>;

export interface ApiRoute {
  method: 'get' | 'post' | 'delete';
  /** The path under /api, in Express's syntax (`/stocks/:symbol`), matched exactly. */
  path: string;
  guard: Guard;
  /** Stripe's webhook reads the raw bytes its signature covers; every other route reads a JSON body. */
  body: 'json' | 'raw';
  handlers: RequestHandler[];
}

const route =
  <G extends Guard>(method: ApiRoute['method']) =>
  (path: string, guard: G, ...handlers: RequestHandler[]): ApiRoute => ({
    method,
    path,
    guard,
    body: 'json',
    handlers,
  });

export const get = route<Guard>('get');
export const post = route<WriteGuard>('post');
export const del = route<WriteGuard>('delete');
