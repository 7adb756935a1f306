import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { HomeRoute } from './HomeRoute';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SHELL_TEXT } from './messages';

// Static pages are rarely visited: they load on demand and keep the landing page light.
const TermsPage = lazy(() => import('../pages/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'));
const ContactPage = lazy(() => import('../pages/ContactPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomeRoute />} />
        <Route path="auth" element={<HomeRoute />} />
        <Route path="login" element={<HomeRoute />} />
        <Route path="wallet" element={<HomeRoute initialTab="wallet" />} />
        <Route path="terms" element={<Lazy page={<TermsPage />} />} />
        <Route path="privacy" element={<Lazy page={<PrivacyPage />} />} />
        <Route path="contact" element={<Lazy page={<ContactPage />} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Lazy({ page }: { page: React.ReactNode }) {
  return <Suspense fallback={<p className="placeholder">{SHELL_TEXT.loading}</p>}>{page}</Suspense>;
}
