import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
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
