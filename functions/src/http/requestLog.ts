import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { log, uidHash } from '../adapters/logging/log';
import { newRequestContext, withRequestContext } from '../adapters/logging/requestContext';
import { callerIfAny } from './auth';

/** The header a response names its request by; a caller's own id in it is kept when it is a plain token. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
const CALLERS_ID = /^[\w.-]{8,64}$/;

/** Requests this instance has served: 1 on a request line marks the instance's first, which paid its cold start. */
let instanceRequests = 0;

/**
 * One line per API call: route (its pattern, never its ids), method, status, latency, the kind of caller and the
 * caller's uid hash; every line logged while serving the request carries the same request id, which the response
 * returns in `X-Request-Id` so a user's report can be found. The trace header is the Functions SDK's to honour:
 * its logger puts the trace id on each line. The line also counts the request's variable work (adapters/logging/requestContext.ts) and
 * its place in the instance's life, so a slow request says why it was slow.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const given = req.get(REQUEST_ID_HEADER);
  const requestId = given && CALLERS_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const started = performance.now();
  const instanceRequest = ++instanceRequests;
  const context = newRequestContext(requestId);
  res.on('finish', () => {
    const caller = callerIfAny(req);
    log.info('request', {
      requestId,
      method: req.method,
      route: routeOf(res),
      status: res.statusCode,
      latencyMs: Math.round(performance.now() - started),
      caller: caller ? (caller.isAdmin ? 'admin' : 'investor') : 'anonymous',
      uidHash: caller ? uidHash(caller.uid) : null,
      instanceRequest,
      ...context.work,
    });
  });
  withRequestContext(context, next);
};

/**
 * Names the route a request matched, for its request line: the pattern (`/api/stocks/:symbol`), never the path, which
 * may hold what a user typed. Set by the app as a route matches (Express's own `req.route` may be the platform's).
 */
export function nameRoute(route: string): RequestHandler {
  return (_req, res, next) => {
    (res.locals as RouteLocals).route = route;
    next();
  };
}
type RouteLocals = { route?: string };
const routeOf = (res: Response): string => (res.locals as RouteLocals).route ?? 'no route';
