import { useCallback, useState } from 'react';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';

/**
 * Runs a change of the watchlist (a star, an alert) one at a time: `busy` meanwhile, and a refusal told in a toast
 * titled `failedTitle`, with the server's words.
 */
export function useWatchlistChange(failedTitle: string) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (change: () => Promise<void>) => {
      setBusy(true);
      try {
        await change();
      } catch (error) {
        const description = error instanceof ApiError ? error.message : undefined;
        toast({ title: failedTitle, description, variant: 'destructive' });
      } finally {
        setBusy(false);
      }
    },
    [toast, failedTitle],
  );
  return { busy, run };
}
