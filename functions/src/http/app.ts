import express, { Router } from 'express';
import type { AppDeps } from './deps';
import { ADMIN_ROUTES, authenticate, requireLiveAdmin } from './auth';
import { errorHandler, notFoundRoute } from './errors';
import { meRoutes } from './routes/me';
import { stockRoutes } from './routes/stocks';
import { paymentRoutes } from './routes/payments';
import { paymentWebhookRoutes } from './routes/paymentsWebhook';
import { walletRoutes } from './routes/wallet';
import { predictionRoutes } from './routes/predictions';
import { adminRoutes } from './routes/admin';
import { syncClock } from './clockSync';
import { API_BODY_LIMIT_BYTES, limitBody } from './bodyLimit';
import { jsonOnly } from './jsonOnly';
import { attributeMarketDataCalls } from './providerBudget';
import { SettableClock } from '../adapters/clockFromEnv';

/** The routes that move money: a top-up's intent and credit, and a generate (which reserves $1). */
const MONEY_ROUTES = ['/payments/create-intent', '/wallet/add-stripe-funds', '/predictions/generate'];

/** The `api` function: every route lives under /api and, but for public ones, needs a verified ID token. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The function is reachable without Hosting (its own URL), where firebase.json's headers do not apply.
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  // Before the JSON parser: Stripe's signature is checked on the raw body. Public: the signature is the proof.
  app.use('/api', paymentWebhookRoutes(deps));
  app.use(jsonOnly, limitBody(API_BODY_LIMIT_BYTES), express.json({ limit: API_BODY_LIMIT_BYTES }));

  const api = Router();
  // Public: the stack script and uptime checks ask whether the API is up.
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Local stack only: every request sees the date the time machine is set to.
  if (deps.clock instanceof SettableClock) api.use(syncClock(deps.db, deps.clock));
  // A revoked or disabled account (or a removed admin claim) is refused at once where money moves or admin rights
  // act; the read routes trust the token until it expires (an Auth lookup each would cost; see docs/quality.md).
  api.use(authenticate(deps.auth, { liveSessionFor: MONEY_ROUTES }));
  api.use(attributeMarketDataCalls);
  api.use(ADMIN_ROUTES, requireLiveAdmin(deps.auth));
  api.use(adminRoutes(deps));
  api.use(meRoutes(deps));
  api.use(stockRoutes(deps));
  api.use(paymentRoutes(deps));
  api.use(walletRoutes(deps));
  api.use(predictionRoutes(deps));

  app.use('/api', api);
  app.use('/api', notFoundRoute);
  app.use(errorHandler);
  return app;
}
