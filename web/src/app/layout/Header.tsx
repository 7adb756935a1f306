import { Link } from 'react-router-dom';
import { useAuth } from '../../features/auth/AuthProvider';
import { SignInButton } from '../../features/auth/SignInButton';
import { UserMenu } from '../../features/auth/UserMenu';
import { InstallButton } from '../../features/install/InstallButton';
import { SHELL_TEXT } from '../messages';

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
          <UserMenu user={state.user} />
        ) : state.status === 'signedOut' ? (
          <SignInButton label={SHELL_TEXT.signIn} />
        ) : (
          <span className="header-actions-slot" aria-hidden="true" />
        )}
      </div>
    </header>
  );
}
