import useSWR from 'swr';
import {
  AdminRefundResponse,
  AllPredictionsPage,
  AuditLogPage,
  CourtesyCreditResponse,
  CustomerSessions,
  CustomerStatementPage,
  CustomerView,
  type AdminRefundRequest,
  type CourtesyCreditRequest,
  type SignOutEverywhereRequest,
} from '@stockseer/contract';
import { api } from '../../../lib/api';
import { useCursorPages } from '../cursorPages';

const userPath = (uid: string) => `/api/admin/users/${encodeURIComponent(uid)}`;

/** Rows per "Load more" of the customer view's lists. */
export const CUSTOMER_PAGE_SIZE = 25;

/** The customer view: profile, wallet figures, sessions, payments. */
export function useCustomer(uid: string) {
  return useSWR(userPath(uid), (path: string) => api(path, CustomerView));
}

/** A list of the customer view, page by page; `params` (filters) go with every page. */
const usePages = <P extends { nextCursor: string | null }>(
  path: string,
  parse: (path: string) => Promise<P>,
  params: Record<string, string> = {},
) => useCursorPages(path, parse, { limit: String(CUSTOMER_PAGE_SIZE), ...params });

export const useCustomerStatement = (uid: string) =>
  usePages(`${userPath(uid)}/statement`, (path) => api(path, CustomerStatementPage));

export const useCustomerPredictions = (uid: string) =>
  usePages(`${userPath(uid)}/predictions`, (path) => api(path, AllPredictionsPage));

export const giveCourtesyCredit = (uid: string, body: CourtesyCreditRequest, idempotencyKey: string) =>
  api(`${userPath(uid)}/credits`, CourtesyCreditResponse, { body, idempotencyKey });

export const refundTopUp = (uid: string, body: AdminRefundRequest, idempotencyKey: string) =>
  api(`${userPath(uid)}/refunds`, AdminRefundResponse, { body, idempotencyKey });

export const signOutEverywhere = (uid: string, body: SignOutEverywhereRequest, idempotencyKey: string) =>
  api(`${userPath(uid)}/sign-out`, CustomerSessions, { body, idempotencyKey });

/** Admin > Activity's filters; empty strings send nothing. */
export interface ActivityFilters {
  action: string;
  actorUid: string;
  targetUserId: string;
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = { action: '', actorUid: '', targetUserId: '', from: '', to: '' };

/** The audit log, newest first, filtered by the server, page by page. */
export function useActivity(filters: ActivityFilters) {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return usePages('/api/admin/audit-log', (path) => api(path, AuditLogPage), given);
}
