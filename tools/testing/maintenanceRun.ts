import { MaintenanceReport, MaintenanceRun } from '@stockseer/contract';
import type { ApiResult } from './api';

const POLL_MS = 200;

/**
 * The report of the maintenance run a `POST /api/admin/check-predictions` answered with: at once when the run ended
 * within the call (200), else once its record says done (202; a loaded machine or a large run outlasts the call).
 * `get` reads an admin route. A failed run throws with its error.
 */
export async function maintenanceReportOf(
  trigger: ApiResult,
  get: (path: string) => Promise<ApiResult>,
): Promise<MaintenanceReport> {
  if (trigger.status === 200) return MaintenanceReport.parse(trigger.body);
  if (trigger.status !== 202)
    throw new Error(`maintenance trigger answered ${trigger.status}: ${JSON.stringify(trigger.body)}`);
  const { id } = MaintenanceRun.parse(trigger.body);
  for (;;) {
    const run = MaintenanceRun.parse((await get(`/api/admin/maintenance-runs/${id}`)).body);
    if (run.state === 'done') return run.report;
    if (run.state === 'failed') throw new Error(`maintenance run ${id} failed: ${run.error}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
