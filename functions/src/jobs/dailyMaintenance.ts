import { onSchedule } from 'firebase-functions/v2/scheduler';
import type { MaintenanceReport } from '@stockseer/contract';
import { runDailyMaintenance, type MaintenanceDeps } from '../services/maintenance';

/** Weekdays at 17:30 New York time: after the 16:00 close has settled and the day's bars are final. */
export const MAINTENANCE_SCHEDULE = { schedule: '30 17 * * 1-5', timeZone: 'America/New_York' } as const;

/** The same code as `POST /api/admin/check-predictions`, run by Cloud Scheduler. */
export function dailyMaintenanceJob(deps: MaintenanceDeps) {
  return onSchedule({ ...MAINTENANCE_SCHEDULE, retryCount: 3, timeoutSeconds: 540 }, async () => {
    const report: MaintenanceReport = await runDailyMaintenance(deps);
    console.log('daily maintenance', JSON.stringify(report));
    // A broken ledger invariant must page someone: failing the run makes it visible in the scheduler's logs.
    if (report.invariantViolations > 0) throw new Error(`${report.invariantViolations} ledger invariant violations`);
  });
}
