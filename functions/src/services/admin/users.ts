import type { Firestore } from 'firebase-admin/firestore';
import type { AdminUsersPage, AdminUsersQuery } from '@stockseer/contract';
import { adminUserPage } from '../../adapters/firestore/adminUsers';

/** A page of the admin's user list, searched by e-mail or name. */
export function adminUsers(db: Firestore, query: AdminUsersQuery): Promise<AdminUsersPage> {
  return adminUserPage(db, query);
}
