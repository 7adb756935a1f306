import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../features/auth/AuthProvider';
import { SignedOutWallet } from '../features/wallet/SignedOutWallet';
import { LandingPage } from '../pages/LandingPage';
import { SHELL_TEXT, type TabKey } from './messages';

/** The signed-in app is a separate chunk: the landing page never downloads it. */
const MainApp = lazy(() => import('./MainApp'));

/** After sign-in on /auth or /login, go to / after about 100 ms (docs/product.md#routes). */
const REDIRECT_AFTER_LOGIN_MS = 100;

/**
 * `/`, `/auth`, `/login`, `/wallet` and `/history`: the main app when signed in, else the landing page (the wallet's
 * prompt).
 */
export function HomeRoute({ initialTab = 'predictions' }: { initialTab?: TabKey }) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onLoginPath = pathname === '/auth' || pathname === '/login';

  useEffect(() => {
    if (state.status !== 'signedIn' || !onLoginPath) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [state.status, onLoginPath, navigate]);

  if (state.status === 'loading') return <p className="placeholder placeholder-page">{SHELL_TEXT.loadingAuth}</p>;
  if (state.status === 'signedOut') {
    return initialTab === 'wallet' ? <SignedOutWallet onSignIn={() => navigate('/auth')} /> : <LandingPage />;
  }
  return (
    <Suspense fallback={<p className="placeholder">{SHELL_TEXT.loading}</p>}>
      <MainApp user={state.user} isAdmin={state.isAdmin} initialTab={initialTab} />
    </Suspense>
  );
}
