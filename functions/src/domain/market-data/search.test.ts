import { describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, searchStocks } from './search';

const stocks = [
  { symbol: 'AMAT', name: 'Applied Materials, Inc.' },
  { symbol: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc.' },
  { symbol: 'PEP', name: 'PepsiCo, Inc.' },
];

describe('searchStocks', () => {
  it('ranks the exact symbol, then symbol prefixes, then name prefixes, then matches anywhere', () => {
    expect(searchStocks(stocks, 'aapl').map((s) => s.symbol)).toEqual(['AAPL']);
    expect(searchStocks(stocks, 'ap').map((s) => s.symbol)).toEqual(['APLE', 'AAPL', 'AMAT']);
    expect(searchStocks(stocks, ' pep ').map((s) => s.symbol)).toEqual(['PEP']);
    expect(searchStocks(stocks, 'inc').map((s) => s.symbol)).toEqual(['AAPL', 'AMAT', 'APLE', 'PEP']);
  });

  it('returns nothing for a blank query and at most a dropdown of results', () => {
    expect(searchStocks(stocks, '  ')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => ({ symbol: `X${i}`, name: `Stock ${i}` }));
    expect(searchStocks(many, 'stock')).toHaveLength(SEARCH_LIMIT);
  });
});
