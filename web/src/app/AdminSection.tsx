import { lazy, Suspense } from 'react';
import { SHELL_TEXT } from './messages';

/** A separate chunk: only an admin who opens the tab ever downloads the admin feature. */
const AdminTab = lazy(() => import('../features/admin/AdminTab').then((module) => ({ default: module.AdminTab })));

/** The Admin tab; its own fallback keeps the tabs on screen while the chunk loads. */
export function AdminSection() {
  return (
    <Suspense fallback={<p className="placeholder">{SHELL_TEXT.loading}</p>}>
      <AdminTab />
    </Suspense>
  );
}
