import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError, api } from '../../lib/api';
import { STOCK_TEXT } from './messages';
import { StockSearch } from './StockSearch';
import { renderWithProviders } from './providers.testkit';
import { SEARCH_DEBOUNCE_MS } from './useStockSearch';
import { SEARCH_QUERY_MAX_LENGTH } from '@stockseer/contract';

vi.mock('../../lib/api', async () => (await import('./apiMock.testkit')).apiModuleMock());

const RESULTS = [
  { symbol: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'AAP', name: 'Advance Auto Parts' },
  { symbol: 'AAL', name: 'American Airlines' },
];
const apiMock = vi.mocked(api);

beforeEach(() => {
  vi.useFakeTimers();
  apiMock.mockReset();
  apiMock.mockResolvedValue(RESULTS);
});
afterEach(() => vi.useRealTimers());

function setup() {
  const onSelect = vi.fn();
  renderWithProviders(<StockSearch onSelect={onSelect} />);
  const input = screen.getByRole('combobox');
  return { onSelect, input };
}

/** Lets the debounce expire and the mocked request resolve. */
async function settle(ms = SEARCH_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function typeAndSettle(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await settle();
}

describe('StockSearch', () => {
  it('says a query over the length limit can match nothing, and does not search for it', async () => {
    const { input } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    expect(apiMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(STOCK_TEXT.queryTooLong(SEARCH_QUERY_MAX_LENGTH));
    await typeAndSettle(input, 'x'.repeat(SEARCH_QUERY_MAX_LENGTH));
    expect(apiMock).toHaveBeenCalledTimes(1);
  });

  it('shows the stock picked before (after a tab switch or a reload)', () => {
    renderWithProviders(<StockSearch selectedSymbol="KO" onSelect={vi.fn()} />);
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('KO');
  });

  it('queries nothing below 2 characters', async () => {
    const { input } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'a');
    await typeAndSettle(input, ' a ');
    expect(apiMock).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('waits for a 300 ms pause in typing and asks once, for what was typed last', async () => {
    const { input } = setup();
    fireEvent.focus(input);
    for (const text of ['aa', 'aap', 'aapl']) {
      fireEvent.change(input, { target: { value: text } });
      await settle(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(apiMock).not.toHaveBeenCalled();
    await settle(50);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock.mock.calls[0]![0]).toBe('/api/stocks/search?q=aapl');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'AAPLApple Inc.',
      'AAPAdvance Auto Parts',
      'AALAmerican Airlines',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  it('moves through options with the arrow keys (wrapping) and picks one with Enter', async () => {
    const { input, onSelect } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'aa');
    const options = screen.getAllByRole('option');
    const active = () => input.getAttribute('aria-activedescendant');
    expect(active()).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('AAL');
    expect((input as HTMLInputElement).value).toBe('AAL');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('closes the list on Escape without choosing, and reopens it with ArrowDown', async () => {
    const { input, onSelect } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'aa');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('picks an option by click', async () => {
    const { input, onSelect } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'aa');
    fireEvent.click(screen.getByRole('option', { name: /Advance Auto Parts/ }));
    expect(onSelect).toHaveBeenCalledWith('AAP');
  });

  it('says when nothing matches', async () => {
    apiMock.mockResolvedValue([]);
    const { input } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'zzzz');
    expect(screen.getByRole('status').textContent).toBe(STOCK_TEXT.noResults('zzzz'));
    expect(screen.getByRole('status').textContent).toBe('No stocks found for "zzzz"');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the destructive suggestions toast when the search fails', async () => {
    apiMock.mockRejectedValue(new ApiError(500, 'boom'));
    const { input } = setup();
    fireEvent.focus(input);
    await typeAndSettle(input, 'aa');
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain(STOCK_TEXT.suggestionsFailedTitle);
    expect(toast.textContent).toContain('Failed to fetch stock suggestions. Please try again.');
    expect(toast.closest('.toast')?.className).toContain('toast-destructive');
    expect(screen.queryByText(STOCK_TEXT.searching)).toBeNull();
  });
});
