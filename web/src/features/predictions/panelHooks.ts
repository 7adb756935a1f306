import { useCallback, useEffect } from 'react';
import type { ForecastTerms } from '@stockseer/contract';
import { useToast } from '../../components/toast/ToastProvider';
import { PREDICTION_TEXT } from './messages';

/** A failed fetch says so in a destructive toast (docs/product.md#ui-texts). */
export function useErrorToast(description: string) {
  const { toast } = useToast();
  return useCallback(
    () => toast({ title: PREDICTION_TEXT.errorTitle, description, variant: 'destructive' }),
    [toast, description],
  );
}

/** Tells the app which forecast the list in view leads with, so the price chart can draw it; none once unmounted. */
export function useShowForecast(forecast: ForecastTerms | undefined, onForecast: (forecast?: ForecastTerms) => void) {
  useEffect(() => onForecast(forecast), [forecast, onForecast]);
  useEffect(() => () => onForecast(undefined), [onForecast]);
}
