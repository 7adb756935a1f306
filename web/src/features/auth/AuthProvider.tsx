import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { User } from 'firebase/auth';
import { usesAuthEmulator } from '../../lib/config';

/** Only the local stack ever shows the chooser, so production never downloads it. */
const TestAccountChooser = lazy(() => import('./TestAccountChooser'));

export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User; isAdmin: boolean };

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

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./session').then(({ watchSession }) => {
      if (cancelled) return;
      stop = watchSession((user, isAdmin) =>
        setState(user ? { status: 'signedIn', user, isAdmin } : { status: 'signedOut' }),
      );
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const signIn = useCallback(async () => {
    if (usesAuthEmulator) {
      setChooserOpen(true);
      return;
    }
    const { signInWithGooglePopup } = await import('./googlePopup');
    await signInWithGooglePopup();
  }, []);

  const signOut = useCallback(async () => {
    try {
      const { endSession } = await import('./session');
      await endSession();
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
