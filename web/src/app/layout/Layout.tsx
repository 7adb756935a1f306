import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from './Footer';
import { OfflineBanner } from './OfflineBanner';

export function Layout() {
  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" className="content">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
