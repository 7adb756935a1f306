import './auth.css';
import { useState, type FormEvent } from 'react';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { DEMO_ADMIN, DEMO_USER, fakeGoogleIdToken, type TestAccount } from '@stockseer/contract/testAccounts';
import { Dialog } from '../../components/Dialog';
import { firebaseAuth } from '../../lib/firebase';
import { signInWithGooglePopup } from './googlePopup';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Local stack only (docs/architecture.md#local-stack): Google's popup cannot load offline, so "Sign in with Google"
 * offers test Google accounts instead and signs in with a test Google credential that the Auth emulator accepts.
 */
export default function TestAccountChooser({ open, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const signInAs = async (account: TestAccount) => {
    setError(null);
    try {
      await signInWithCredential(firebaseAuth, GoogleAuthProvider.credential(fakeGoogleIdToken(account)));
      onClose();
    } catch (err) {
      console.error('Test sign-in failed', err);
      setError('Sign-in failed: is the Auth emulator running?');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    void signInAs({ email: trimmed, displayName: trimmed.split('@')[0] ?? trimmed });
  };

  return (
    <Dialog open={open} title="Choose a test Google account" onClose={onClose}>
      <p className="muted">Local emulator: no real Google account is used.</p>
      <ul className="account-list">
        {[DEMO_USER, DEMO_ADMIN].map((account) => (
          <li key={account.email}>
            <button type="button" className="account-button" onClick={() => void signInAs(account)}>
              <span className="account-name">{account.displayName}</span>
              <span className="account-email">{account.email}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} className="stack">
        <label htmlFor="test-account-email">Or sign in as another e-mail</label>
        <input
          id="test-account-email"
          type="email"
          required
          value={email}
          placeholder="someone@example.com"
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button">
          Continue
        </button>
      </form>
      <p className="muted chooser-popup">
        Or use the production path, the Auth emulator's own Google popup:{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            onClose();
            void signInWithGooglePopup();
          }}
        >
          Sign in with Google popup
        </button>
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </Dialog>
  );
}
