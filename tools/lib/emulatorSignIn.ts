import { fakeGoogleIdToken, type TestAccount } from '@stockseer/contract/testAccounts';

const AUTH_HOST = () => process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/**
 * Signs in to the Auth emulator as a test Google account, exactly as the web app's chooser does, and returns
 * the account id and a fresh ID token (which carries any custom claims set before the call).
 */
export async function emulatorSignIn(account: TestAccount): Promise<{ uid: string; idToken: string }> {
  const url = `http://${AUTH_HOST()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(fakeGoogleIdToken(account))}&providerId=google.com`,
      requestUri: 'http://127.0.0.1',
      returnSecureToken: true,
    }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}
