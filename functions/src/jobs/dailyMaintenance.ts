import { onSchedule } from 'firebase-functions/v2/scheduler';
import type { SecretParam } from 'firebase-functions/params';
import { startMaintenance, waitForRun, type MaintenanceDeps } from '../services/maintenance/runs';
import { log } from '../adapters/logging/log';
import { FUNCTION_SETTINGS } from '../functionSettings';

/** Weekdays at 17:30 New York time: after the 16:00 close, when the day's bars are final. */
export const MAINTENANCE_SCHEDULE = { schedule: '30 17 * * 1-5', timeZone: 'America/New_York' } as const;
const SETTINGS = FUNCTION_SETTINGS.dailyMaintenance;

/**
 * Cloud Scheduler's trigger: the same run as `POST /api/admin/check-predictions` (joining it when the admin was
 * first). The shards do the work on the task queue; this waits for the run only to make a bad one visible.
 * `instance` builds the dependencies at the first run (they read settings, which exist only at run time).
 */
export function dailyMaintenanceJob(instance: () => MaintenanceDeps, options: { secrets?: SecretParam[] } = {}) {
  const scheduled = { ...MAINTENANCE_SCHEDULE, ...SETTINGS, retryCount: 3, ...options };
  return onSchedule(scheduled, async () => {
    const deps = instance();
    const { runId, joined } = await startMaintenance(deps, 'scheduled');
    const run = await waitForRun(deps.db, runId, (SETTINGS.timeoutSeconds - 40) * 1000);
    log.info('daily maintenance', { runId, joined, state: run.state, ...run.report });
    // A broken ledger invariant must page someone: failing the run makes it visible in the scheduler's logs.
    if (run.report.invariantViolations > 0) {
      throw new Error(`${run.report.invariantViolations} ledger invariant violations in run ${runId}`);
    }
  });
}
