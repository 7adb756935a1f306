import type { MaintenanceRunState, MaintenanceTrigger } from '@stockseer/contract';

/** Texts of the maintenance runs' progress and list (issue 13), written once; tests import them. */
export const MAINTENANCE_TEXT = {
  progressLabel: 'Daily maintenance progress',
  planning: 'Planning the run...',
  progress: (ended: number, total: number) => `${ended} of ${total} ${total === 1 ? 'part' : 'parts'} done`,
  settledSoFar: (count: number) => `${count} ${count === 1 ? 'outcome' : 'outcomes'} updated so far`,
  lastRuns: 'Last runs',
  loading: 'Loading...',
  noRuns: 'No runs yet.',
  forDate: (date: string) => `For ${date}`,
  took: (seconds: number) => `took ${seconds} s`,
  shardsFailed: (count: number) => `${count} ${count === 1 ? 'part' : 'parts'} gave up`,
  states: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' } satisfies Record<
    MaintenanceRunState,
    string
  >,
  triggers: { scheduled: 'Scheduled', manual: 'Manual' } satisfies Record<MaintenanceTrigger, string>,
} as const;
