import type { AppDeps } from '../deps';
import type { ApiRoute } from '../routeTable';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { clientErrorRoutes } from './clientErrors';
import { healthRoutes } from './health';
import { meRoutes } from './me';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { paymentWebhookRoutes } from './paymentsWebhook';
import { predictionRoutes } from './predictions';
import { pushRoutes } from './push';
import { stockRoutes } from './stocks';
import { supportRoutes } from './support';
import { trackRecordRoutes } from './trackRecord';
import { walletRoutes } from './wallet';
import { watchlistRoutes } from './watchlist';

/** Every route of the API under /api, each with its guard. Building it calls none of `deps`. */
export function apiRoutes(deps: AppDeps): ApiRoute[] {
  return [
    ...healthRoutes(),
    ...paymentWebhookRoutes(deps),
    ...adminRoutes(deps),
    ...supportRoutes(deps),
    ...meRoutes(deps),
    ...accountRoutes(deps),
    ...stockRoutes(deps),
    ...paymentRoutes(deps),
    ...walletRoutes(deps),
    ...predictionRoutes(deps),
    ...clientErrorRoutes(deps),
    ...trackRecordRoutes(deps),
    ...watchlistRoutes(deps),
    ...notificationRoutes(deps),
    ...pushRoutes(deps),
  ];
}
