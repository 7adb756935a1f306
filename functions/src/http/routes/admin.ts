import { Router } from 'express';
import {
  AdminUsersQuery,
  AllPredictionsQuery,
  SetClockRequest,
  SetDefaultModelRequest,
  type AdminAlert,
  type AdminUsersPage,
  type AllPredictionsPage,
  type ClockState,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { ADMIN_ROUTES, requireAdmin } from '../auth';
import { parseInput } from '../validate';
import { chooseRecommendedModel, recommendedModels } from '../../services/admin/defaultModels';
import { adminAlerts } from '../../services/admin/alerts';
import { adminUsers } from '../../services/admin/users';
import { allPredictions } from '../../services/admin/allPredictions';
import { maintenanceRoutes } from './maintenance';
import { clockState, pinToday } from '../../services/timeMachine';

/** Everything here is for admins only (the `admin` claim): 403 for anyone else. */
export function adminRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  router.use(ADMIN_ROUTES, requireAdmin);

  router.get('/admin/default-models', async (_req, res) => {
    res.json(await recommendedModels(db));
  });

  router.post('/admin/default-models', async (req, res) => {
    const { timeFrame, modelId } = parseInput(SetDefaultModelRequest, req.body);
    res.json(await chooseRecommendedModel(db, timeFrame, modelId));
  });

  router.use(maintenanceRoutes(deps));

  router.get('/admin/alerts', async (_req, res) => {
    res.json((await adminAlerts(db)) satisfies AdminAlert[]);
  });

  router.get('/admin/users', async (req, res) => {
    res.json((await adminUsers(db, parseInput(AdminUsersQuery, req.query))) satisfies AdminUsersPage);
  });

  router.get('/predictions/all', async (req, res) => {
    res.json((await allPredictions(db, parseInput(AllPredictionsQuery, req.query))) satisfies AllPredictionsPage);
  });

  router.get('/admin/clock', (_req, res) => {
    res.json(clockState(deps.clock) satisfies ClockState);
  });

  // The local stack's time machine: refused in production, where the clock is the real one.
  router.post('/admin/clock', async (req, res) => {
    const { today } = parseInput(SetClockRequest, req.body);
    res.json((await pinToday(db, deps.clock, today)) satisfies ClockState);
  });

  return router;
}
