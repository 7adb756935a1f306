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
import { forgetPersistedCache } from '../../lib/persistedCache';
import { isSessionHintEvent, mayHaveFirebaseSession, readSessionHint, writeSessionHint } from './sessionHint';

/** Only the local stack ever shows the chooser, so production never downloads it. */
const TestAccountChooser = lazy(() => import('./TestAccountChooser'));

export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User; isAdmin: boolean };

interface AuthApi {
  state: AuthState;
  /** Production: Google's popup. Against the Auth emulator (offline): the in-app chooser of test accounts. */
  signIn: () => Promise<void>;
  /** The visitor is reaching for "Sign in" (hover, focus, touch): load the Auth SDK now, so the click finds it ready. */
  prepareSignIn: () => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [hint] = useState(readSessionHint);
  const [state, setState] = useState<AuthState>(() =>
    hint === 'signedOut' ? { status: 'signedOut' } : { status: 'loading' },
  );
  /** Whether the Auth SDK is loaded and watching; see sessionHint.ts for when it need not be yet. */
  const [watching, setWatching] = useState(hint === 'signedIn');
  const [chooserOpen, setChooserOpen] = useState(false);
  // On intent (hover, focus, touch), load what the click needs: the SDK and, in production, the popup's code, so
  // the popup opens while the browser still counts the click as the user's (popup blockers).
  const prepareSignIn = useCallback(() => {
    setWatching(true);
    if (!usesAuthEmulator) void import('./googlePopup');
  }, []);

  useEffect(() => {
    if (hint !== null) return;
    let cancelled = false;
    void mayHaveFirebaseSession().then((maybe) => {
      if (cancelled) return;
      if (maybe) setWatching(true);
      else setState({ status: 'signedOut' });
    });
    return () => {
      cancelled = true;
    };
  }, [hint]);

  useEffect(() => {
    // Another tab signed in or out: this one follows, so it needs the SDK.
    const onStorage = (event: StorageEvent) => {
      if (isSessionHintEvent(event)) setWatching(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!watching) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./session').then(({ watchSession }) => {
      if (cancelled) return;
      stop = watchSession((user, isAdmin) => {
        writeSessionHint(user ? 'signedIn' : 'signedOut');
        setState(user ? { status: 'signedIn', user, isAdmin } : { status: 'signedOut' });
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [watching]);

  const signIn = useCallback(async () => {
    setWatching(true);
    if (usesAuthEmulator) {
      setChooserOpen(true);
      return;
    }
    const { signInWithGooglePopup } = await import('./googlePopup');
    await signInWithGooglePopup();
  }, []);

  const signOut = useCallback(async () => {
    // What was kept for a reload offline belongs to this account: it leaves with it.
    forgetPersistedCache();
    try {
      const { endSession } = await import('./session');
      await endSession();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
  }, []);

  const api = useMemo(() => ({ state, signIn, prepareSignIn, signOut }), [state, signIn, prepareSignIn, signOut]);
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
