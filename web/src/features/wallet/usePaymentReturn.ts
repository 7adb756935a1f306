import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../components/toast/ToastProvider';
import { PAYMENT_RETURN_TEXT } from './messages';

/**
 * Stripe's return URL `/wallet?payment_success=true&amount=…` (docs/product.md#return-url). Anyone can type that URL,
 * so it never credits: it refreshes the wallet (the webhook credits the real payment), says so, and drops the query.
 */
export function usePaymentReturn(refreshWallet: () => void) {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const returned = params.get('payment_success') === 'true';

  useEffect(() => {
    if (!returned) return;
    toast({ title: PAYMENT_RETURN_TEXT.title, description: PAYMENT_RETURN_TEXT.description });
    refreshWallet();
    setParams({}, { replace: true });
  }, [returned, toast, refreshWallet, setParams]);
}
