import useSWR from 'swr';
import { MarketDataInfo, PriceHistory, StockDetails } from '@stockseer/contract';
import { api } from '../../lib/api';

const path = (symbol: string) => `/api/stocks/${encodeURIComponent(symbol)}`;

/** The quote of the stock card. */
export function useStockDetails(symbol: string) {
  return useSWR(['/api/stocks', symbol], () => api(path(symbol), StockDetails));
}

/** A year of daily closes for the price chart. */
export function usePriceHistory(symbol: string) {
  return useSWR(['/api/stocks/history', symbol], () => api(`${path(symbol)}/history`, PriceHistory));
}

/** Which provider serves prices: the demo one gets a visible notice. */
export function useMarketDataInfo() {
  return useSWR('/api/market-data', () => api('/api/market-data', MarketDataInfo));
}
