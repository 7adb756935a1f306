import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import {
  ADMIN_USERS_MAX_PAGE,
  AdminUsersPage,
  AllPredictionsPage,
  ClockState,
  DefaultModels,
  type TimeFrame,
} from '@stockseer/contract';
import { api } from '../../lib/api';
import type { AdminFilters } from './adminFilters';

const DEFAULT_MODELS_PATH = '/api/admin/default-models';
const USERS_PATH = '/api/admin/users';
const ALL_PREDICTIONS_PATH = '/api/predictions/all';
const CLOCK_PATH = '/api/admin/clock';

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

const userPageKey = (search: string) => (_index: number, previous: AdminUsersPage | null) => {
  if (previous && previous.nextCursor === null) return null;
  const query = new URLSearchParams({ limit: String(USERS_PAGE_SIZE), ...(search ? { q: search } : {}) });
  if (previous?.nextCursor) query.set('cursor', previous.nextCursor);
  return `${USERS_PATH}?${query}`;
};

/** The Users section: the list page by page, searched by the server. */
export function useAdminUserPages(search: string, onError: () => void) {
  return useSWRInfinite(userPageKey(search), (path: string) => api(path, AdminUsersPage), { onError });
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

const pageKey = (filters: AdminFilters) => (_index: number, previous: AllPredictionsPage | null) => {
  if (previous && previous.nextCursor === null) return null;
  const query = new URLSearchParams({ limit: String(PREDICTIONS_PAGE_SIZE), ...filterParams(filters) });
  if (previous?.nextCursor) query.set('cursor', previous.nextCursor);
  return `${ALL_PREDICTIONS_PATH}?${query}`;
};

/**
 * All users' predictions, page by page: `setSize(size + 1)` loads the page after the last one's cursor, and
 * `mutate()` re-reads every loaded page (after maintenance, statuses may have changed on any of them).
 */
export function useAllPredictions(filters: AdminFilters, onError: () => void) {
  return useSWRInfinite(pageKey(filters), (path: string) => api(path, AllPredictionsPage), { onError });
}

/** The emulator's clock; on a real deployment the endpoint answers 404 and there is no time machine. */
export function useClock() {
  return useSWR(CLOCK_PATH, (path: string) => api(path, ClockState));
}

/** `null`: back to the real date. */
export const setClock = (today: string | null) => api(CLOCK_PATH, ClockState, { body: { today } });
