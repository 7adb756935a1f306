import { useId, useState } from 'react';
import { runMaintenance } from './adminApi';
import { ADMIN_TEXT, maintenanceSummary } from './messages';
import { useAdminToasts } from './useAdminToasts';

/** SPEC 2: runs the daily maintenance now; `onDone` lets the predictions table show the new outcomes. */
export function MaintenanceCard({ onDone }: { onDone: () => void }) {
  const headingId = useId();
  const toasts = useAdminToasts();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const report = await runMaintenance();
      // A broken ledger invariant is never quiet: the same report, as an error.
      const notify = report.invariantViolations > 0 ? toasts.failure : toasts.success;
      notify(maintenanceSummary(report), ADMIN_TEXT.maintenanceDone);
      onDone();
    } catch {
      toasts.failure(ADMIN_TEXT.maintenanceFailed);
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="card admin-card maintenance-card" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId}>{ADMIN_TEXT.maintenanceTitle}</h2>
        <p className="muted admin-intro">{ADMIN_TEXT.maintenanceIntro}</p>
      </div>
      <button type="button" className="button" disabled={running} onClick={() => void run()}>
        {running ? ADMIN_TEXT.runningMaintenance : ADMIN_TEXT.runMaintenance}
      </button>
    </section>
  );
}
