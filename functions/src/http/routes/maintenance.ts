import {
  CheckPredictionsRequest,
  BooksFullAuditRequest,
  type BooksFullAudit,
  MaintenanceRunId,
  type MaintenanceFinished,
  type MaintenanceRun,
  type MaintenanceRunDetail,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { get, post, type ApiRoute } from '../routeTable';
import { parseInput } from '../validate';
import { callerOf } from '../auth';
import { latestMaintenanceRuns, maintenanceRunDetail } from '../../services/maintenance/runHistory';
import { startMaintenance, waitForRun } from '../../services/maintenance/runs';
import { auditBooksInFull } from '../../services/maintenance/books';

/** Daily maintenance on demand, and its runs' progress: admins only. */
export function maintenanceRoutes(deps: AppDeps): ApiRoute[] {
  const maintenance = { ...deps, queue: deps.maintenanceQueue };

  // Joins the run in progress, if any. A run that ends within the wait answers its counts; a longer one 202
  // and its id, so no request waits on a whole market day's settlements.
  return [
    post('/admin/check-predictions', 'admin', async (req, res) => {
      const { waitSeconds, reason } = parseInput(CheckPredictionsRequest, req.body ?? {});
      // The wait counts from the request's arrival: planning a big run is part of it.
      const deadline = Date.now() + waitSeconds * 1000;
      const { runId } = await startMaintenance(maintenance, 'manual', { caller: callerOf(req), reason });
      const run = await waitForRun(deps.db, runId, Math.max(0, deadline - Date.now()));
      if (run.state === 'done' || run.state === 'failed') {
        res.json({ ...run.report, runId } satisfies MaintenanceFinished);
      } else {
        res.status(202).json(run satisfies MaintenanceRun);
      }
    }),

    // Every history from nothing, and each checkpoint against the lines behind it: what the weekly run does, now.
    post('/admin/books/full-audit', 'admin', async (req, res) => {
      const { walletIds } = parseInput(BooksFullAuditRequest, req.body ?? {});
      const runId = `full-audit-${new Date().toISOString()}`;
      const report = await auditBooksInFull({ db: deps.db, clock: deps.clock, runId }, walletIds);
      res.json({ ...report, runId } satisfies BooksFullAudit);
    }),

    get('/admin/maintenance-runs', 'admin', async (_req, res) => {
      res.json((await latestMaintenanceRuns(deps.db)) satisfies MaintenanceRun[]);
    }),

    get('/admin/maintenance-runs/:id', 'admin', async (req, res) => {
      const id = parseInput(MaintenanceRunId, req.params.id);
      res.json((await maintenanceRunDetail(deps.db, id)) satisfies MaintenanceRunDetail);
    }),
  ];
}
