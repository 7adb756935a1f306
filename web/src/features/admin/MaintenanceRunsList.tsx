import { useId } from 'react';
import type { MaintenanceRun } from '@stockseer/contract';
import { formatDate } from '../../lib/format';
import { booksSummary, maintenanceSummary } from './messages';
import { MAINTENANCE_TEXT } from './maintenanceMessages';
import './maintenance.css';

/** The last runs, scheduled or manual: when, for which market date, their state, counts and failures. */
export function MaintenanceRunsList({ runs }: { runs: MaintenanceRun[] | undefined }) {
  const headingId = useId();
  return (
    <div className="maintenance-runs">
      <h3 id={headingId}>{MAINTENANCE_TEXT.lastRuns}</h3>
      {runs === undefined ? (
        <p className="muted">{MAINTENANCE_TEXT.loading}</p>
      ) : runs.length === 0 ? (
        <p className="muted">{MAINTENANCE_TEXT.noRuns}</p>
      ) : (
        // Scrolls when long: focusable, so that a keyboard can scroll it too.
        <ul aria-labelledby={headingId} tabIndex={0}>
          {runs.map((run) => (
            <li key={run.id} className="maintenance-run">
              <div className="maintenance-run-head">
                <span className={`status-badge maintenance-state-${run.state}`}>
                  {MAINTENANCE_TEXT.states[run.state]}
                </span>
                <span>
                  {MAINTENANCE_TEXT.triggers[run.trigger]} · {formatTime(run.startedAt)}
                  {run.endedAt && ` · ${MAINTENANCE_TEXT.took(seconds(run.startedAt, run.endedAt))}`}
                </span>
              </div>
              <p className="muted maintenance-run-detail">
                {MAINTENANCE_TEXT.forDate(formatDate(run.today))} · {maintenanceSummary(run.report)}
                {run.shardsFailed > 0 && ` · ${MAINTENANCE_TEXT.shardsFailed(run.shardsFailed)}`}
                {run.error && ` · ${run.error}`}
              </p>
              <p
                className={
                  run.report.booksDiscrepancies > 0
                    ? 'error-text maintenance-run-detail'
                    : 'muted maintenance-run-detail'
                }
              >
                {booksSummary(run.report)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const time = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const formatTime = (iso: string) => time.format(new Date(iso));
const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
