/** What the Admin tab lists, read as stored: the alerts, the users, every user's predictions and the audit log. */
import type { Firestore } from 'firebase-admin/firestore';
import type {
  AdminAlertsPage,
  AdminAlertsQuery,
  AdminUsersPage,
  AdminUsersQuery,
  AllPredictionsPage,
  AllPredictionsQuery,
  AuditLogPage,
  AuditLogQuery,
} from '@stockseer/contract';
import { alertsPage } from '../../adapters/firestore/alerts';
import { adminUserPage } from '../../adapters/firestore/adminUsers';
import { predictionsPage } from '../../adapters/firestore/predictions';
import { auditPage } from '../../adapters/firestore/auditLog';

/** A page of what an operator must look at, newest first. */
export function adminAlerts(db: Firestore, query: AdminAlertsQuery): Promise<AdminAlertsPage> {
  return alertsPage(db, query);
}

/** A page of the admin's user list, searched by e-mail or name. */
export function adminUsers(db: Firestore, query: AdminUsersQuery): Promise<AdminUsersPage> {
  return adminUserPage(db, query);
}

/** A page of every user's predictions, for the admin's All User Predictions list. */
export function allPredictions(db: Firestore, query: AllPredictionsQuery): Promise<AllPredictionsPage> {
  return predictionsPage(db, query);
}

/** Admin > Activity: a page of the audit log, newest first, filtered (docs/product.md#audit-log). */
export function adminActivity(db: Firestore, query: AuditLogQuery): Promise<AuditLogPage> {
  return auditPage(db, query);
}
