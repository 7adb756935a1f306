import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onIdTokenChanged, signInWithPopup, signOut as firebaseSignOut, GoogleAuthProvider, type User } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase';
import { usesAuthEmulator } from '../../lib/config';

/** Only the local stack ever shows the chooser, so production never downloads it. */
const TestAccountChooser = lazy(() => import('./TestAccountChooser'));

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: User; isAdmin: boolean };

interface AuthApi {
  state: AuthState;
  /** Production: Google's popup. Against the Auth emulator (offline): the in-app chooser of test accounts. */
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const [chooserOpen, setChooserOpen] = useState(false);

  useEffect(
    () =>
      onIdTokenChanged(firebaseAuth, async (user) => {
        if (!user) {
          setState({ status: 'signedOut' });
          return;
        }
        // Admin is the `admin` custom claim (DESIGN 7); the server checks it again on every admin call.
        const token = await user.getIdTokenResult().catch(() => undefined);
        setState({ status: 'signedIn', user, isAdmin: token?.claims.admin === true });
      }),
    [],
  );

  const signIn = useCallback(async () => {
    if (usesAuthEmulator) {
      setChooserOpen(true);
      return;
    }
    try {
      await signInWithPopup(firebaseAuth, new GoogleAuthProvider());
    } catch (error) {
      // SPEC 8: sign-in errors are only logged (closing the popup is one of them).
      console.error('Sign-in failed', error);
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await firebaseSignOut(firebaseAuth);
    } catch (error) {
      console.error('Sign-out failed', error);
    }
  }, []);

  const api = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return (
    <AuthContext.Provider value={api}>
      {children}
      {usesAuthEmulator && chooserOpen && (
        <Suspense fallback={null}>
          <TestAccountChooser open onClose={() => setChooserOpen(false)} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth must be used inside <AuthProvider>');
  return api;
}
