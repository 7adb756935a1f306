import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../features/auth/AuthProvider';
import { SignInButton } from '../../features/auth/SignInButton';
import { UserMenu } from '../../features/auth/UserMenu';
import { InstallButton } from '../../features/install/InstallButton';
import { SHELL_TEXT } from '../messages';

/** Signed in only, and with the contract's schemas: its own chunk, so the landing page never downloads it. */
const InboxBell = lazy(() => import('../../features/inbox/InboxBell'));

export function Header() {
  const { state } = useAuth();
  return (
    <header className="header">
      <Link to="/" className="wordmark" aria-label="StockSeer home">
        <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="7" fill="#0f766e" />
          <path
            d="M6 22l6-7 5 4 9-10"
            stroke="#fff"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>StockSeer</span>
      </Link>
      <div className="header-actions">
        <InstallButton />
        {state.status === 'signedIn' ? (
          <>
            <Suspense fallback={<span className="inbox-bell-slot" aria-hidden="true" />}>
              <InboxBell uid={state.user.uid} />
            </Suspense>
            <UserMenu user={state.user} />
          </>
        ) : state.status === 'signedOut' ? (
          <SignInButton label={SHELL_TEXT.signIn} />
        ) : (
          <span className="header-actions-slot" aria-hidden="true" />
        )}
      </div>
    </header>
  );
}
