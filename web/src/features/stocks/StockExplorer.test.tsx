import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { api } from '../../lib/api';
import { STOCK_TEXT } from './messages';
import { StockExplorer } from './StockExplorer';
import { renderWithProviders } from './providers.testkit';

vi.mock('../../lib/api', async () => (await import('./apiMock.testkit')).apiModuleMock());

const apiMock = vi.mocked(api);
const answer = (provider: string) =>
  apiMock.mockImplementation((path: string) =>
    path === '/api/market-data' ? Promise.resolve({ provider }) : new Promise(() => {}),
  );

beforeEach(() => {
  apiMock.mockReset();
});

describe('StockExplorer', () => {
  it('shows the demo notice while the demo provider is active, and no card until a stock is selected', async () => {
    answer('demo');
    renderWithProviders(<StockExplorer selectedSymbol={undefined} onSelect={() => {}} />);
    expect((await screen.findByRole('note')).textContent).toBe('Demo market data: prices are simulated');
    expect(screen.getByPlaceholderText(STOCK_TEXT.searchPlaceholder)).toBeTruthy();
    expect(screen.queryByText(STOCK_TEXT.loadingPrice)).toBeNull();
  });

  it('shows no notice for real prices, and the card of the selected stock', async () => {
    answer('csv');
    renderWithProviders(<StockExplorer selectedSymbol="AAPL" onSelect={() => {}} />);
    expect(screen.getByText(STOCK_TEXT.loadingPrice)).toBeTruthy();
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('/api/market-data', expect.anything()));
    // Let SWR hand the answer to the component before asserting the notice stays away.
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
