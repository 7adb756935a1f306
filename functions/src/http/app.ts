import cors from 'cors';
import express from 'express';
import type { AppDeps } from './deps';
import { errorHandler, notFoundRoute } from './errors';
import { guardChains } from './guards';
import type { ApiRoute } from './routeTable';
import { apiRoutes } from './routes';
import { API_BODY_LIMIT_BYTES, limitBody } from './bodyLimit';
import { jsonOnly } from './jsonOnly';
import { platformBodyError } from './platformBodyErrors';
import { nameRoute, requestLog } from './requestLog';

/** The API's routes live under /api. */
const API = '/api';

/**
 * The `api` function. Each route of the table (routes/index.ts) is registered with the guard declared beside it, and
 * routing is case-sensitive and strict: `/api/Predictions/Generate`, `/api/wallet/` or `/api//wallet` are not a route
 * under another spelling but a 404, so no spelling reaches a handler without its guard.
 */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // `req.ip`: the address the front end appended, never one the caller wrote (clientAddress.ts).
  app.set('trust proxy', deps.trustedProxyHops ?? 0);
  app.use(requestLog);
  // Only the listed origins get CORS headers (and a preflight's permission); every other origin gets none.
  app.use(cors({ origin: [...(deps.allowedOrigins ?? [])], credentials: false, maxAge: 600 }));
  // A body the platform could not parse is the client's error, answered by our error handler like any other.
  app.use(platformBodyError);
  // The function is reachable without Hosting (its own URL), where firebase.json's headers do not apply.
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  // Local stack only (production has no time machine): every request sees the date the time machine is set to.
  const { timeMachine } = deps;
  if (timeMachine) {
    app.use(API, async (_req, _res, next) => {
      await timeMachine.sync();
      next();
    });
  }

  const guards = guardChains(deps.auth);
  const register = ({ method, path, guard, handlers }: ApiRoute) =>
    app[method](API + path, nameRoute(API + path), ...guards[guard], ...handlers);
  const routes = apiRoutes(deps);
  // Before the JSON parser: Stripe's signature is checked on the raw body.
  routes.filter((route) => route.body === 'raw').forEach(register);
  app.use(jsonOnly, limitBody(API_BODY_LIMIT_BYTES), express.json({ limit: API_BODY_LIMIT_BYTES }));
  routes.filter((route) => route.body === 'json').forEach(register);

  app.use(notFoundRoute);
  app.use(errorHandler);
  return app;
}
