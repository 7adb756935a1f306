import type { MaintenanceRun } from '@stockseer/contract';
import { MAINTENANCE_TEXT } from './maintenanceMessages';
import './maintenance.css';

/** A run in progress: how many of its shards have ended, as a bar and in words. */
export function MaintenanceProgress({ run }: { run: MaintenanceRun }) {
  const ended = run.shardsDone + run.shardsFailed;
  const planned = run.state !== 'queued';
  const percent = planned && run.shardCount > 0 ? Math.round((ended / run.shardCount) * 100) : 0;
  return (
    <div className="maintenance-progress">
      <div
        className="maintenance-progress-track"
        role="progressbar"
        aria-label={MAINTENANCE_TEXT.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={planned ? MAINTENANCE_TEXT.progress(ended, run.shardCount) : MAINTENANCE_TEXT.planning}
      >
        <div className="maintenance-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted maintenance-progress-text" aria-live="polite">
        {planned ? MAINTENANCE_TEXT.progress(ended, run.shardCount) : MAINTENANCE_TEXT.planning}
        {run.report.updatedCount > 0 && ` · ${MAINTENANCE_TEXT.settledSoFar(run.report.updatedCount)}`}
      </p>
    </div>
  );
}
