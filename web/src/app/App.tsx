import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { swrDefaults } from './swrDefaults';

export function App() {
  // The outer boundary catches what breaks the providers themselves; each route has its own inside the layout.
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <SWRConfig value={swrDefaults}>
          <ToastProvider>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </ToastProvider>
        </SWRConfig>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
