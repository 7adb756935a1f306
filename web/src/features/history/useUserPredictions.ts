import useSWR from 'swr';
import { PredictionList } from '@stockseer/contract';
import { api } from '../../lib/api';

const PATH = '/api/predictions/user';

/**
 * All of the caller's predictions. Keyed by user, so no one sees the previous account's list after a switch; fetched
 * again whenever the tab opens (SWR's default), so forecasts made on the Predictions tab show up.
 */
export function useUserPredictions(uid: string, onError: () => void) {
  return useSWR([PATH, uid], () => api(PATH, PredictionList), { onError });
}
