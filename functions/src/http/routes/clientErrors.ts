import { ClientErrorReport } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { parseInput } from '../validate';
import { post, type ApiRoute } from '../routeTable';
import { clientKey } from '../clientAddress';
import { reportClientError } from '../../services/clientErrorReports';

/**
 * `POST /api/client-errors`: the web app's unhandled errors, logged as ERROR with their stack (what Cloud Error
 * Reporting groups), tagged `source: web`. Public, since a page fails signed out too; limited per caller address (the
 * app itself sends at most a few per page load) and for all callers together, each error logged once per window.
 */
export function clientErrorRoutes(deps: Pick<AppDeps, 'db' | 'rateLimiter'>): ApiRoute[] {
  return [
    post('/client-errors', 'public', async (req, res) => {
      const report = parseInput(ClientErrorReport, req.body);
      await reportClientError(deps, clientKey(req), report);
      res.status(204).end();
    }),
  ];
}
