import { Router } from 'express';
import {
  CheckPredictionsRequest,
  MaintenanceRunId,
  type MaintenanceFinished,
  type MaintenanceRun,
  type MaintenanceRunDetail,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { parseInput } from '../validate';
import { latestMaintenanceRuns, maintenanceRunDetail } from '../../services/maintenance/runHistory';
import { startMaintenance, waitForRun } from '../../services/maintenance/runs';

/** Daily maintenance on demand, and its runs' progress (admins only: adminRoutes mounts this behind the check). */
export function maintenanceRoutes(deps: AppDeps): Router {
  const router = Router();
  const maintenance = { ...deps, queue: deps.maintenanceQueue };

  // Joins the run in progress, if any. A run that ends within the wait answers SPEC 7's counts; a longer one 202
  // and its id, so no request waits on a whole market day's settlements.
  router.post('/admin/check-predictions', async (req, res) => {
    const { waitSeconds } = parseInput(CheckPredictionsRequest, req.body ?? {});
    // The wait counts from the request's arrival: planning a big run is part of it.
    const deadline = Date.now() + waitSeconds * 1000;
    const { runId } = await startMaintenance(maintenance, 'manual');
    const run = await waitForRun(deps.db, runId, Math.max(0, deadline - Date.now()));
    if (run.state === 'done' || run.state === 'failed') {
      res.json({ ...run.report, runId } satisfies MaintenanceFinished);
    } else {
      res.status(202).json(run satisfies MaintenanceRun);
    }
  });

  router.get('/admin/maintenance-runs', async (_req, res) => {
    res.json((await latestMaintenanceRuns(deps.db)) satisfies MaintenanceRun[]);
  });

  router.get('/admin/maintenance-runs/:id', async (req, res) => {
    const id = parseInput(MaintenanceRunId, req.params.id);
    res.json((await maintenanceRunDetail(deps.db, id)) satisfies MaintenanceRunDetail);
  });

  return router;
}
