import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { CloseAccountResponse, AccountExport, ClosurePreview, CLOSE_ACCOUNT_CONFIRMATION } from '@stockseer/contract';
import { api } from '../../lib/api';
import { forgetPersistedCache } from '../../lib/persistedCache';

/** Everything the app keeps about the signed-in user ("Download my data"). */
export const fetchAccountExport = () => api('/api/account/export', AccountExport);

/** What closing would do, asked afresh each time the dialog opens (null: closed, nothing asked). */
export function useClosurePreview(uid: string, open: boolean) {
  return useSWR(open ? (['/api/account/closure', uid] as const) : null, ([path]) => api(path, ClosurePreview), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

/**
 * Closes the account, then drops every answer the app kept (in memory and for offline reloads) without asking again:
 * they were about an account that is gone, so the screen behind the final word must not show its balance or
 * statement as if still true.
 */
export function useCloseAccount() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const outcome = await api('/api/account/close', CloseAccountResponse, {
      body: { confirmation: CLOSE_ACCOUNT_CONFIRMATION },
    });
    forgetPersistedCache();
    await mutate(() => true, undefined, { revalidate: false });
    return outcome;
  }, [mutate]);
}
