import { ClientErrorReport } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { parseInput } from '../validate';
import { post, type ApiRoute } from '../routeTable';
import { callerKeys } from '../clientAddress';
import { reportClientError } from '../../services/clientErrorReports';

/**
 * `POST /api/client-errors`: the web app's unhandled errors, logged as ERROR with their stack (what Cloud Error
 * Reporting groups), tagged `source: web`. Public, since a page fails signed out too; limited per browser (the
 * app itself sends at most a few per page load), per address the front end received it from (clientAddress.ts) and
 * for all callers together, each error logged once per window.
 */
export function clientErrorRoutes(deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'trustedProxyHops'>): ApiRoute[] {
  return [
    post('/client-errors', 'public', async (req, res) => {
      const report = parseInput(ClientErrorReport, req.body);
      await reportClientError(deps, callerKeys(req, deps.trustedProxyHops ?? 0), report);
      res.status(204).end();
    }),
  ];
}
