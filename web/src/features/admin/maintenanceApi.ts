import useSWR from 'swr';
import { z } from 'zod';
import { MaintenanceFinished, MaintenanceRun, MaintenanceRuns } from '@stockseer/contract';
import { api } from '../../lib/api';

const RUNS_PATH = '/api/admin/maintenance-runs';
/**
 * How long the button's request waits for its run: a quick run answers with its counts at once; a longer one
 * answers 202 and the Admin tab shows its progress instead of a request that hangs.
 */
export const BUTTON_WAIT_SECONDS = 2;
/** How often the runs list is read again while a run is going. */
export const PROGRESS_REFRESH_MS = 1000;

export const isFinished = (run: MaintenanceRun) => run.state === 'done' || run.state === 'failed';

/** 200: the run's counts (`updatedCount`, ...); 202: the run, still going. */
const MaintenanceStarted = z.union([MaintenanceFinished, MaintenanceRun]);
export type MaintenanceStarted = z.infer<typeof MaintenanceStarted>;

export const runMaintenance = () =>
  api('/api/admin/check-predictions', MaintenanceStarted, { body: { waitSeconds: BUTTON_WAIT_SECONDS } });

/** The latest runs, newest first; read again every second while one of them is going. */
export function useMaintenanceRuns(handlers: { onError: () => void; onSuccess: (runs: MaintenanceRun[]) => void }) {
  return useSWR(RUNS_PATH, (path: string) => api(path, MaintenanceRuns), {
    ...handlers,
    refreshInterval: (runs) => (runs?.some((r) => !isFinished(r)) ? PROGRESS_REFRESH_MS : 0),
  });
}
