import useSWR from 'swr';
import { CloseAccountResponse, AccountExport, ClosurePreview, CLOSE_ACCOUNT_CONFIRMATION } from '@stockseer/contract';
import { api } from '../../lib/api';

/** Everything the app keeps about the signed-in user ("Download my data"). */
export const fetchAccountExport = () => api('/api/account/export', AccountExport);

/** What closing would do, asked afresh each time the dialog opens (null: closed, nothing asked). */
export function useClosurePreview(uid: string, open: boolean) {
  return useSWR(open ? (['/api/account/closure', uid] as const) : null, ([path]) => api(path, ClosurePreview), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

export const closeAccount = () =>
  api('/api/account/close', CloseAccountResponse, { body: { confirmation: CLOSE_ACCOUNT_CONFIRMATION } });
