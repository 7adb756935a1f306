import useSWR from 'swr';
import { MeResponse } from '@stockseer/contract';
import { api } from '../../lib/api';

/**
 * The signed-in user's profile and wallet. `POST /api/me` also creates both on first sign-in (idempotently), so
 * the main app calls this as soon as it shows.
 */
export function useAccount(uid: string) {
  return useSWR(['/api/me', uid], () => api('/api/me', MeResponse, { method: 'POST' }));
}
