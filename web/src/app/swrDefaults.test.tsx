import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { tooManyRequestsMessage, type StockDetails } from '@stockseer/contract';
import { ApiError, api } from '../lib/api';
import { FAILED_READ_TEXT } from '../lib/failedReadText';
import { StockCard } from '../features/stocks/StockCard';
import { STOCK_TEXT } from '../features/stocks/messages';
import { swrDefaults } from './swrDefaults';

vi.mock('../lib/api', async () => (await import('../features/stocks/apiMock.testkit')).apiModuleMock());

const apiMock = vi.mocked(api);
const QUOTE: StockDetails = {
  symbol: 'KO',
  name: 'Coca-Cola Co',
  exchange: 'NYSE',
  price: 60,
  priceChange: 0.5,
  priceChangePercent: 0.84,
  open: 59.5,
  previousClose: 59.5,
  dayLow: 59.2,
  dayHigh: 60.3,
  asOf: '2026-11-27T21:00:00.000Z',
};

/** The app's own query defaults, with a fresh cache per test. */
const renderCard = () =>
  render(
    <SWRConfig value={{ ...swrDefaults, provider: () => new Map(), dedupingInterval: 0 }}>
      <StockCard symbol="KO" />
    </SWRConfig>,
  );

beforeEach(() => {
  apiMock.mockReset();
});

describe('a failed read, with the app query defaults', () => {
  it('asks again by itself after the Retry-After, saying so without a count that goes stale', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(429, tooManyRequestsMessage(1), 1)).mockResolvedValue(QUOTE);
    renderCard();
    await screen.findByText(FAILED_READ_TEXT.retryingSoon(429));
    expect(screen.queryByText(/1 second/)).toBeNull();
    expect(screen.getByRole('button', { name: FAILED_READ_TEXT.retry })).toBeTruthy();
    // Nobody clicks: the card recovers once the second has passed.
    await screen.findByRole('region', { name: 'KO quote' }, { timeout: 3_000 });
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('without a Retry-After waits for Retry, which asks at once', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(500, '')).mockResolvedValue(QUOTE);
    renderCard();
    await screen.findByText(STOCK_TEXT.detailsFailed);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(apiMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: FAILED_READ_TEXT.retry }));
    await screen.findByRole('region', { name: 'KO quote' });
  });
});
