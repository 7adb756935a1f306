import { useCallback } from 'react';
import { useToast } from '../../components/toast/ToastProvider';
import { ADMIN_TEXT } from './messages';

/** The Admin tab's two kinds of toast: a success note, and an error (destructive) for anything that failed. */
export function useAdminToasts() {
  const { toast } = useToast();
  const success = useCallback(
    (description: string, title: string = ADMIN_TEXT.successTitle) => toast({ title, description }),
    [toast],
  );
  const failure = useCallback(
    (description: string, title: string = ADMIN_TEXT.errorTitle) =>
      toast({ title, description, variant: 'destructive' }),
    [toast],
  );
  /** One message for every admin list that cannot be fetched (docs/product.md#ui-texts). */
  const fetchFailed = useCallback(() => failure(ADMIN_TEXT.fetchFailed), [failure]);
  return { success, failure, fetchFailed };
}
