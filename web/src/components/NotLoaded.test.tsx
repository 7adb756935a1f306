import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { tooManyRequestsMessage } from '@stockseer/contract';
import { ApiError } from '../lib/api';
import { FAILED_READ_TEXT } from '../lib/failedReadText';
import { OFFLINE_TEXT } from '../lib/online';
import { NotLoaded } from './NotLoaded';

const texts = {
  failedText: 'Failed to load your devices',
  loadingText: 'Loading your devices...',
  onRetry: () => undefined,
};

afterEach(() => vi.restoreAllMocks());

describe('NotLoaded', () => {
  it("says loading, then the failure, in the panel's words while online", () => {
    const { rerender } = render(<NotLoaded error={undefined} {...texts} />);
    expect(screen.getByText(texts.loadingText).getAttribute('aria-busy')).toBe('true');
    rerender(<NotLoaded error={new Error('no')} {...texts} />);
    expect(screen.getByText(texts.failedText)).toBeTruthy();
  });

  it('offers Retry beside a failure; a read told to wait says it is asking again, without the stale count', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<NotLoaded {...texts} error={new Error('no')} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: FAILED_READ_TEXT.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<NotLoaded {...texts} error={new ApiError(429, tooManyRequestsMessage(8), 8)} onRetry={onRetry} />);
    expect(screen.getByText(FAILED_READ_TEXT.retryingSoon(429))).toBeTruthy();
    expect(screen.queryByText(/8 seconds/)).toBeNull();
    expect(screen.getByRole('button', { name: FAILED_READ_TEXT.retry })).toBeTruthy();
  });

  it('offline, says the data comes back with the connection instead of loading or failing for ever', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (const error of [undefined, new Error('no')]) {
      const { unmount } = render(<NotLoaded error={error} {...texts} />);
      expect(screen.getByText(OFFLINE_TEXT.notLoadedYet)).toBeTruthy();
      expect(screen.queryByText(texts.loadingText)).toBeNull();
      expect(screen.queryByText(texts.failedText)).toBeNull();
      unmount();
    }
  });
});
