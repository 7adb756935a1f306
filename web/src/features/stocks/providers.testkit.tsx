import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../components/toast/ToastProvider';

/** Renders with a fresh SWR cache per test (no retries, as in the app) and the toast provider. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ToastProvider>{ui}</ToastProvider>
    </SWRConfig>,
  );
}
