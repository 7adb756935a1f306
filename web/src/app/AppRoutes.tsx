import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Layout } from './layout/Layout';
import { HomeRoute } from './HomeRoute';
import { NotFoundPage } from '../pages/NotFoundPage';
// A landing page too (issue 24): its text is in the first bundle, its figures load on demand.
import TrackRecordPage from '../pages/TrackRecordPage';
import { SHELL_TEXT } from './messages';

// Static pages are rarely visited: they load on demand and keep the landing page light.
const TermsPage = lazy(() => import('../pages/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<RouteBoundary />}>
          <Route index element={<HomeRoute />} />
          <Route path="auth" element={<HomeRoute />} />
          <Route path="login" element={<HomeRoute />} />
          <Route path="wallet" element={<HomeRoute initialTab="wallet" />} />
          <Route path="history" element={<HomeRoute initialTab="history" />} />
          {/* The Admin tab, and on it one user's page (docs/product.md#customer-view). */}
          <Route path="admin" element={<HomeRoute initialTab="admin" />} />
          <Route path="admin/users/:uid" element={<HomeRoute initialTab="admin" />} />
          <Route path="terms" element={<Lazy page={<TermsPage />} />} />
          <Route path="privacy" element={<Lazy page={<PrivacyPage />} />} />
          <Route path="contact" element={<Lazy page={<ContactPage />} />} />
          <Route path="track-record" element={<TrackRecordPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** Every route's own error boundary: the header and footer stay, and going to another page tries again. */
function RouteBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]}>
      <Outlet />
    </ErrorBoundary>
  );
}

function Lazy({ page }: { page: React.ReactNode }) {
  return <Suspense fallback={<p className="placeholder">{SHELL_TEXT.loading}</p>}>{page}</Suspense>;
}
