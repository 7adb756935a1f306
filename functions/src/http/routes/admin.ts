import { Router } from 'express';
import {
  AdminUsersQuery,
  AllPredictionsQuery,
  Prediction,
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
import { adminUserPage } from '../../adapters/firestore/adminUsers';
import { buildQuery, QUERIES } from '../../adapters/firestore/queries';
import { defaultModels, setDefaultModel } from '../../adapters/firestore/settings';
import { recentAlerts } from '../../adapters/firestore/alerts';
import { maintenanceRoutes } from './maintenance';
import { clockState, pinToday } from '../../services/timeMachine';

/** Everything here is for admins only (the `admin` claim): 403 for anyone else. */
export function adminRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  router.use(ADMIN_ROUTES, requireAdmin);

  router.get('/admin/default-models', async (_req, res) => {
    res.json(await defaultModels(db));
  });

  router.post('/admin/default-models', async (req, res) => {
    const { timeFrame, modelId } = parseInput(SetDefaultModelRequest, req.body);
    await setDefaultModel(db, timeFrame, modelId);
    res.json(await defaultModels(db));
  });

  router.use(maintenanceRoutes(deps));

  router.get('/admin/alerts', async (_req, res) => {
    res.json((await recentAlerts(db)) satisfies AdminAlert[]);
  });

  router.get('/admin/users', async (req, res) => {
    res.json((await adminUserPage(db, parseInput(AdminUsersQuery, req.query))) satisfies AdminUsersPage);
  });

  router.get('/predictions/all', async (req, res) => {
    const { limit, cursor, userId, status, timeFrame, predictionType, modelId } = parseInput(
      AllPredictionsQuery,
      req.query,
    );
    const filters = [userId, status, timeFrame, predictionType, modelId] as const;
    let query = buildQuery(db, QUERIES.allPredictions, filters).limit(limit);
    if (cursor) query = query.startAfter(cursor);
    const snap = await query.get();
    const page: AllPredictionsPage = {
      predictions: snap.docs.map((d) => Prediction.parse(d.data())),
      nextCursor: snap.size === limit ? snap.docs.at(-1)!.id : null,
    };
    res.json(page);
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
