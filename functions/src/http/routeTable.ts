import type { RequestHandler } from 'express';

/**
 * Who may reach a route. The router attaches a route's guard to the route itself (app.ts), and routing is
 * case-sensitive and strict, so no spelling of a path reaches a handler without the guard declared beside it.
 * - `public`: anyone: the health check, and Stripe's webhook (its signature is the proof).
 * - `signedIn`: a verified ID token, trusted until it expires: the reads, and `POST /me` (the caller's own records).
 * - `liveSession`: a verified token of an account that is, now, enabled and not signed out: the routes that move money.
 * - `admin`: a live session whose account has the `admin` claim now, not only in its token.
 */
export type Guard = 'public' | 'signedIn' | 'liveSession' | 'admin';

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
  (method: ApiRoute['method']) =>
  (path: string, guard: Guard, ...handlers: RequestHandler[]): ApiRoute => ({
    method,
    path,
    guard,
    body: 'json',
    handlers,
  });

export const get = route('get');
export const post = route('post');
export const del = route('delete');
