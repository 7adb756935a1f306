import type { ModelId, Prediction, PredictionStatus, PredictionType, TimeFrame } from '@stockseer/contract';

/** SPEC 2: the All User Predictions filters; `all` lets everything through. `user` is a user id. */
export interface AdminFilters {
  user: string | 'all';
  status: PredictionStatus | 'all';
  timeFrame: TimeFrame | 'all';
  type: PredictionType | 'all';
  model: ModelId | 'all';
}

export const NO_FILTERS: AdminFilters = { user: 'all', status: 'all', timeFrame: 'all', type: 'all', model: 'all' };

type Filterable = Pick<Prediction, 'userId' | 'status' | 'timeFrame' | 'predictionType' | 'modelId'>;

const matches = <V extends string>(wanted: V | 'all', actual: V | null) => wanted === 'all' || wanted === actual;

/** Each filter matches exactly; together they must all match. */
export function filterPredictions<P extends Filterable>(predictions: readonly P[], filters: AdminFilters): P[] {
  return predictions.filter(
    (p) =>
      matches(filters.user, p.userId) &&
      matches(filters.status, p.status) &&
      matches(filters.timeFrame, p.timeFrame) &&
      matches(filters.type, p.predictionType) &&
      matches(filters.model, p.modelId),
  );
}

/** Newest made first, whichever page a prediction came on. */
export const newestFirst = <P extends Pick<Prediction, 'createdAt' | 'id'>>(predictions: readonly P[]): P[] =>
  [...predictions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
