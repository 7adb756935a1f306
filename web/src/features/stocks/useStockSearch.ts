import useSWR from 'swr';
import { SEARCH_QUERY_MAX_LENGTH, StockSearchResponse } from '@stockseer/contract';
import { api } from '../../lib/api';
import { useToast } from '../../components/toast/ToastProvider';
import { STOCK_TEXT } from './messages';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** Search only at 2 or more characters, after a 300 ms pause in typing (docs/product.md#predictions-tab). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Suggestions for what the user is typing: one request (and cache entry) per settled query. `query` is the
 * settled query the results belong to, so the dropdown never pairs a new input with old results.
 */
export function useStockSearch(input: string) {
  const { toast } = useToast();
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  // A query longer than any name can never match (StockSearch says so): the server is not asked.
  const active = query.length >= SEARCH_MIN_LENGTH && query.length <= SEARCH_QUERY_MAX_LENGTH;
  const { data, error, isLoading } = useSWR(
    active ? ['/api/stocks/search', query] : null,
    () => api(`/api/stocks/search?q=${encodeURIComponent(query)}`, StockSearchResponse),
    {
      onError: () =>
        toast({
          title: STOCK_TEXT.suggestionsFailedTitle,
          description: STOCK_TEXT.suggestionsFailed,
          variant: 'destructive',
        }),
    },
  );
  return { query, active, results: data, error, isLoading };
}
