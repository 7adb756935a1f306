import useSWR from 'swr';
import {
  ADMIN_USERS_MAX_PAGE,
  AdminAlertsPage,
  AdminUsersPage,
  AllPredictionsPage,
  ClockState,
  DefaultModels,
  type TimeFrame,
} from '@stockseer/contract';
import { api } from '../../lib/api';
import type { AdminFilters } from './adminFilters';
import { useCursorPages } from './cursorPages';

const DEFAULT_MODELS_PATH = '/api/admin/default-models';
const USERS_PATH = '/api/admin/users';
const ALL_PREDICTIONS_PATH = '/api/predictions/all';
const CLOCK_PATH = '/api/admin/clock';
const ALERTS_PATH = '/api/admin/alerts';

/** Rows fetched per "Load more": a screenful or two, small enough to come back quickly. */
export const PREDICTIONS_PAGE_SIZE = 50;

export function useDefaultModels(onError: () => void) {
  return useSWR(DEFAULT_MODELS_PATH, (path: string) => api(path, DefaultModels), { onError });
}

/** The server answers with the whole map after the change. */
export const setDefaultModel = (timeFrame: TimeFrame, modelId: DefaultModels[TimeFrame]) =>
  api(DEFAULT_MODELS_PATH, DefaultModels, { body: { timeFrame, modelId } });

/** The users the User filter offers: the first page of the list, as large as a page may be. */
export function useAdminUsers(onError: () => void) {
  return useSWR(`${USERS_PATH}?limit=${ADMIN_USERS_MAX_PAGE}`, (path: string) => api(path, AdminUsersPage), {
    onError,
  });
}

/** Rows per "Load more" of the Users section. */
export const USERS_PAGE_SIZE = 20;

/** The Users section: the list page by page, searched by the server. */
export function useAdminUserPages(search: string, onError: () => void) {
  const params = { limit: String(USERS_PAGE_SIZE), ...(search ? { q: search } : {}) };
  return useCursorPages(USERS_PATH, (path) => api(path, AdminUsersPage), params, onError);
}

/** The server filters (so a filtered list is complete, whatever page a match is on); `all` sends nothing. */
function filterParams(filters: AdminFilters): Record<string, string> {
  const wanted: Record<string, string> = {
    userId: filters.user,
    status: filters.status,
    timeFrame: filters.timeFrame,
    predictionType: filters.type,
    modelId: filters.model,
  };
  return Object.fromEntries(Object.entries(wanted).filter(([, value]) => value !== 'all'));
}

/**
 * All users' predictions, page by page; `mutate()` re-reads every loaded page (after maintenance, statuses may have
 * changed on any of them).
 */
export function useAllPredictions(filters: AdminFilters, onError: () => void) {
  const params = { limit: String(PREDICTIONS_PAGE_SIZE), ...filterParams(filters) };
  return useCursorPages(ALL_PREDICTIONS_PATH, (path) => api(path, AllPredictionsPage), params, onError);
}

/** Alerts per "Load more": the newest few, so a long run of them does not make the tab endless. */
export const ALERTS_PAGE_SIZE = 10;

/** The payment alerts, newest first, page by page. */
export const useAdminAlerts = () =>
  useCursorPages(ALERTS_PATH, (path) => api(path, AdminAlertsPage), { limit: String(ALERTS_PAGE_SIZE) });

/** The emulator's clock; on a real deployment the endpoint answers 404 and there is no time machine. */
export function useClock() {
  return useSWR(CLOCK_PATH, (path: string) => api(path, ClockState));
}

/** `null`: back to the real date. */
export const setClock = (today: string | null) => api(CLOCK_PATH, ClockState, { body: { today } });
