import type { StockSearchResult } from '@stockseer/contract';

/** The most results a search returns: a dropdown's worth. */
export const SEARCH_LIMIT = 10;

/**
 * Local search over a known list of stocks, ranked the way people type: the exact symbol first, then symbols
 * starting with the query, then names starting with it, then names or symbols containing it.
 */
export function searchStocks(stocks: readonly StockSearchResult[], query: string): StockSearchResult[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const rank = ({ symbol, name }: StockSearchResult): number => {
    const s = symbol.toLowerCase();
    const n = name.toLowerCase();
    if (s === needle) return 0;
    if (s.startsWith(needle)) return 1;
    if (n.startsWith(needle)) return 2;
    if (n.includes(needle) || s.includes(needle)) return 3;
    return -1;
  };
  return stocks
    .map((stock) => ({ stock, rank: rank(stock) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.stock.symbol.localeCompare(b.stock.symbol))
    .slice(0, SEARCH_LIMIT)
    .map(({ stock }) => ({ symbol: stock.symbol, name: stock.name }));
}
