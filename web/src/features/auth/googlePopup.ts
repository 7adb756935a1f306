import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import { firebaseAuth } from '../../lib/firebase';

/**
 * The production sign-in: Google's popup. Callers import this module on demand, so its machinery (and Google's
 * gapi script) loads on the click, not with the landing page. Failures (a closed popup among them) are
 * only logged (docs/product.md#client-behaviour).
 */
export async function signInWithGooglePopup(): Promise<void> {
  try {
    await signInWithPopup(firebaseAuth, new GoogleAuthProvider(), browserPopupRedirectResolver);
  } catch (error) {
    console.error('Sign-in failed', error);
  }
}
