import { useId, useRef, useState } from 'react';
import type { MaintenanceReport, MaintenanceRun } from '@stockseer/contract';
import { isFinished, runMaintenance, useMaintenanceRuns } from './maintenanceApi';
import { MaintenanceProgress } from './MaintenanceProgress';
import { MaintenanceRunsList } from './MaintenanceRunsList';
import { ADMIN_TEXT, booksSummary, maintenanceSummary } from './messages';
import { useAdminToasts } from './useAdminToasts';

/**
 * Runs the daily maintenance now (docs/product.md#daily-maintenance); `onDone` lets the predictions table show the new
 * outcomes. A run that takes longer than the button's short wait (issue 13) shows its progress until it ends, then the
 * same toast; a run already going (the scheduler's, or another admin's) shows its progress too, and the button joins
 * it.
 */
export function MaintenanceCard({ onDone }: { onDone: () => void }) {
  const headingId = useId();
  const toasts = useAdminToasts();
  const [starting, setStarting] = useState(false);
  /** The run this admin started or joined, announced when the list shows it ended (a ref for SWR's callback). */
  const watching = useRef<string | null>(null);
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const watch = (runId: string | null) => {
    watching.current = runId;
    setWatchedId(runId);
  };

  const announce = (report: MaintenanceReport, failed = false) => {
    // A run that failed before it counted anything says so; a broken ledger invariant is never quiet either.
    if (failed && report.failedCount === 0) toasts.failure(ADMIN_TEXT.maintenanceFailed);
    else {
      const notify = report.invariantViolations + report.booksDiscrepancies > 0 ? toasts.failure : toasts.success;
      notify(`${maintenanceSummary(report)}. ${booksSummary(report)}`, ADMIN_TEXT.maintenanceDone);
    }
    onDone();
  };
  const onRuns = (runs: MaintenanceRun[]) => {
    const watched = runs.find((r) => r.id === watching.current);
    if (watched && isFinished(watched)) {
      watch(null);
      announce(watched.report, watched.state === 'failed');
    }
  };
  const runs = useMaintenanceRuns({ onError: toasts.fetchFailed, onSuccess: onRuns });
  const going = runs.data?.find((r) => !isFinished(r));
  // A run someone else started leaves the button on: pressing it joins that run (and its toast comes here too).
  const busy = starting || (watchedId !== null && going?.id === watchedId);

  const run = async () => {
    setStarting(true);
    try {
      const answer = await runMaintenance();
      if ('updatedCount' in answer) announce(answer);
      else watch(answer.id);
      await runs.mutate();
    } catch {
      toasts.failure(ADMIN_TEXT.maintenanceFailed);
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="card admin-card maintenance-card" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId}>{ADMIN_TEXT.maintenanceTitle}</h2>
        <p className="muted admin-intro">{ADMIN_TEXT.maintenanceIntro}</p>
      </div>
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {busy ? ADMIN_TEXT.runningMaintenance : ADMIN_TEXT.runMaintenance}
      </button>
      {going && <MaintenanceProgress run={going} />}
      <MaintenanceRunsList runs={runs.data} />
    </section>
  );
}
