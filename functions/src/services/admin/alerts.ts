import type { Firestore } from 'firebase-admin/firestore';
import type { AdminAlert } from '@stockseer/contract';
import { recentAlerts } from '../../adapters/firestore/alerts';

/** What an operator must look at, newest first. */
export function adminAlerts(db: Firestore): Promise<AdminAlert[]> {
  return recentAlerts(db);
}
