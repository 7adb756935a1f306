import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase';

/**
 * The Firebase side of the session. AuthProvider imports this module on demand, so the Auth SDK is parsed and run
 * in its own task after the first paint instead of inside one long start-up task (Lighthouse's blocking time).
 */
export function watchSession(onChange: (user: User | null, isAdmin: boolean) => void): () => void {
  return onIdTokenChanged(firebaseAuth, async (user) => {
    if (!user) {
      onChange(null, false);
      return;
    }
    // Admin is the `admin` custom claim (docs/product.md#roles-and-guards); the server checks it again on every
    // admin call.
    const token = await user.getIdTokenResult().catch(() => undefined);
    onChange(user, token?.claims.admin === true);
  });
}

export async function endSession(): Promise<void> {
  await signOut(firebaseAuth);
}
