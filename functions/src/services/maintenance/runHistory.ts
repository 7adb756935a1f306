import type { Firestore } from 'firebase-admin/firestore';
import type { MaintenanceRun, MaintenanceRunDetail } from '@stockseer/contract';
import { notFound } from '../../domain/errors';
import { findRunDetail, latestRuns } from '../../adapters/firestore/maintenanceRuns';

/** Runs listed on the Admin tab. */
const LATEST_RUNS = 10;

/** The latest maintenance runs, newest first. */
export function latestMaintenanceRuns(db: Firestore): Promise<MaintenanceRun[]> {
  return latestRuns(db, LATEST_RUNS);
}

/** One run with its progress; 404 for an unknown id. */
export async function maintenanceRunDetail(db: Firestore, id: string): Promise<MaintenanceRunDetail> {
  const run = await findRunDetail(db, id);
  if (!run) throw notFound('No such maintenance run');
  return run;
}
