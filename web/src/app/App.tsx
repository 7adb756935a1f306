import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppRoutes } from './AppRoutes';
import { swrDefaults } from './swrDefaults';

export function App() {
  return (
    <BrowserRouter>
      <SWRConfig value={swrDefaults}>
        <ToastProvider>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ToastProvider>
      </SWRConfig>
    </BrowserRouter>
  );
}
