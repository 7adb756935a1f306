import useSWR from 'swr';
import { Overview, type Granularity } from '@stockseer/contract';
import { api } from '../../../lib/api';

/** The figures of the last 30 days or 12 months (the server's default range, ending on its today). */
export function useOverview(granularity: Granularity) {
  return useSWR(`/api/admin/overview?granularity=${granularity}`, (path: string) => api(path, Overview));
}
