import type { ModelId, PredictionStatus, PredictionType, TimeFrame } from '@stockseer/contract';

/** The All User Predictions filters (docs/product.md#admin-tab); `all` lets everything through. `user` is a user id. */
export interface AdminFilters {
  user: string | 'all';
  status: PredictionStatus | 'all';
  timeFrame: TimeFrame | 'all';
  type: PredictionType | 'all';
  model: ModelId | 'all';
}

export const NO_FILTERS: AdminFilters = { user: 'all', status: 'all', timeFrame: 'all', type: 'all', model: 'all' };

/** What the list opens on: users' own predictions (newest first); the back-test records are a Type choice away. */
export const OPENING_FILTERS: AdminFilters = { ...NO_FILTERS, type: 'future' };
