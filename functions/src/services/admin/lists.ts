/** What the Admin tab lists, read as stored: the alerts, the users and every user's predictions. */
import type { Firestore } from 'firebase-admin/firestore';
import type {
  AdminAlert,
  AdminUsersPage,
  AdminUsersQuery,
  AllPredictionsPage,
  AllPredictionsQuery,
} from '@stockseer/contract';
import { recentAlerts } from '../../adapters/firestore/alerts';
import { adminUserPage } from '../../adapters/firestore/adminUsers';
import { predictionsPage } from '../../adapters/firestore/predictions';

/** What an operator must look at, newest first. */
export function adminAlerts(db: Firestore): Promise<AdminAlert[]> {
  return recentAlerts(db);
}

/** A page of the admin's user list, searched by e-mail or name. */
export function adminUsers(db: Firestore, query: AdminUsersQuery): Promise<AdminUsersPage> {
  return adminUserPage(db, query);
}

/** A page of every user's predictions, for the admin's All User Predictions list. */
export function allPredictions(db: Firestore, query: AllPredictionsQuery): Promise<AllPredictionsPage> {
  return predictionsPage(db, query);
}
