import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StockDetails } from '@stockseer/contract';
import { ApiError, api } from '../../lib/api';
import { STOCK_TEXT } from './messages';
import { StockCard } from './StockCard';
import { renderWithProviders } from './providers.testkit';

vi.mock('../../lib/api', async () => (await import('./apiMock.testkit')).apiModuleMock());

const apiMock = vi.mocked(api);
const APPLE: StockDetails = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  exchange: 'NASDAQ',
  price: 133.5,
  priceChange: 0.39,
  priceChangePercent: 0.29,
  open: 132.16,
  previousClose: 133.11,
  dayLow: 131.3,
  dayHigh: 134.15,
  asOf: '2021-04-21T20:00:00.000Z',
};

// A block, not an arrow expression: a function returned from beforeEach would run as a cleanup hook.
beforeEach(() => {
  apiMock.mockReset();
});

describe('StockCard', () => {
  it('shows every figure of the quote, prices with 2 decimals and percent with 1', async () => {
    apiMock.mockResolvedValue(APPLE);
    renderWithProviders(<StockCard symbol="AAPL" />);
    expect(screen.getByText(STOCK_TEXT.loadingPrice)).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'AAPL quote' });
    expect(apiMock.mock.calls[0]![0]).toBe('/api/stocks/AAPL');
    const text = card.textContent ?? '';
    for (const expected of [
      'AAPL',
      'NASDAQ',
      'Apple Inc.',
      '$133.50',
      '+$0.39 (+0.3%)',
      '$132.16',
      '$133.11',
      '$131.30 - $134.15',
    ]) {
      expect(text).toContain(expected);
    }
    // The close of the day, on the exchange's clock.
    expect(text).toContain('Apr 21, 2021, 4:00 PM EDT');
  });

  it.each([
    [{ priceChange: 0.39, priceChangePercent: 0.29 }, 'trend-up', '+$0.39 (+0.3%)'],
    [{ priceChange: -1.2, priceChangePercent: -0.9 }, 'trend-down', '-$1.20 (-0.9%)'],
    [{ priceChange: 0, priceChangePercent: 0 }, 'trend-flat', '$0.00 (0.0%)'],
  ])('colours a change of %o with %s', async (change, trendClass, shown) => {
    apiMock.mockResolvedValue({ ...APPLE, ...change });
    renderWithProviders(<StockCard symbol="AAPL" />);
    const price = await screen.findByTestId('stock-price');
    const changeText = screen.getByTestId('stock-change');
    expect(price.classList.contains(trendClass)).toBe(true);
    expect(changeText.classList.contains(trendClass)).toBe(true);
    expect(changeText.textContent).toBe(shown);
  });

  const failures: [string, () => Error, string][] = [
    ['a rate limit', () => new ApiError(429, 'Rate limit exceeded: 5 requests per minute'), STOCK_TEXT.rateLimited],
    ["the server's message", () => new ApiError(404, 'Unknown symbol: ZZZZ'), 'Unknown symbol: ZZZZ'],
    ['anything else', () => new TypeError('Failed to fetch'), STOCK_TEXT.detailsFailed],
  ];
  for (const [name, failure, detail] of failures) {
    it(`on failure says it could not load, with the text for ${name}`, async () => {
      apiMock.mockImplementation(() => Promise.reject(failure()));
      renderWithProviders(<StockCard symbol="AAPL" />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(STOCK_TEXT.loadFailed);
      expect(alert.textContent).toContain(detail);
    });
  }

  it('uses the texts the product fixes', () => {
    expect(STOCK_TEXT.rateLimited).toBe('Polygon API rate limit exceeded. Please try again in a moment.');
    expect(STOCK_TEXT.detailsFailed).toBe('Failed to fetch stock details.');
  });
});
