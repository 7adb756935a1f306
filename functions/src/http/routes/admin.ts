import {
  AdminAlertsQuery,
  AdminUsersQuery,
  AllPredictionsQuery,
  OverviewQuery,
  SetClockRequest,
  SetDefaultModelRequest,
  type AdminAlertsPage,
  type AdminUsersPage,
  type AllPredictionsPage,
  type ClockState,
  type Overview,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { parseInput } from '../validate';
import { callerOf } from '../auth';
import { chooseRecommendedModel, recommendedModels } from '../../services/admin/defaultModels';
import { adminAlerts, adminUsers, allPredictions } from '../../services/admin/lists';
import { businessOverview } from '../../services/admin/overview';
import { maintenanceRoutes } from './maintenance';
import { clockState, pinToday } from '../../services/timeMachine';

/** Everything here is for admins only (the `admin` claim, as the account has it now): 403 for anyone else. */
export function adminRoutes(deps: AppDeps): ApiRoute[] {
  const { db } = deps;
  return [
    get('/admin/default-models', 'admin', async (_req, res) => {
      res.json(await recommendedModels(db));
    }),

    post('/admin/default-models', 'admin', async (req, res) => {
      res.json(await chooseRecommendedModel(deps, callerOf(req), parseInput(SetDefaultModelRequest, req.body)));
    }),

    ...maintenanceRoutes(deps),

    get('/admin/alerts', 'admin', async (req, res) => {
      res.json((await adminAlerts(db, parseInput(AdminAlertsQuery, req.query))) satisfies AdminAlertsPage);
    }),

    get('/admin/users', 'admin', async (req, res) => {
      res.json((await adminUsers(db, parseInput(AdminUsersQuery, req.query))) satisfies AdminUsersPage);
    }),

    get('/admin/overview', 'admin', async (req, res) => {
      res.json((await businessOverview(db, deps.clock, parseInput(OverviewQuery, req.query))) satisfies Overview);
    }),

    get('/predictions/all', 'admin', async (req, res) => {
      res.json((await allPredictions(db, parseInput(AllPredictionsQuery, req.query))) satisfies AllPredictionsPage);
    }),

    get('/admin/clock', 'admin', (_req, res) => {
      res.json(clockState(deps.clock, deps.timeMachine) satisfies ClockState);
    }),

    // The local stack's time machine: refused in production, where the clock is the real one.
    post('/admin/clock', 'admin', async (req, res) => {
      const request = parseInput(SetClockRequest, req.body);
      res.json((await pinToday(deps, callerOf(req), request)) satisfies ClockState);
    }),
  ];
}
