/**
 * Test Google accounts for the local stack. The Auth emulator accepts a plain JSON claims string as a Google
 * `id_token` (it never checks signatures), so the in-app chooser and the seed script both sign in with
 * `fakeGoogleIdToken(...)`; the same e-mail always maps to the same Google subject and so the same account.
 * Never used against production: the web app offers the chooser only when it talks to the Auth emulator.
 */
export interface TestAccount {
  email: string;
  displayName: string;
}

export const DEMO_USER: TestAccount = { email: 'demo@stockseer.test', displayName: 'Demo Investor' };
export const DEMO_ADMIN: TestAccount = { email: 'admin@stockseer.test', displayName: 'Demo Admin' };

/** A stable Google subject for an e-mail: digits only, like Google's. */
export function testGoogleSubject(email: string): string {
  let hash = 0n;
  for (const ch of email.trim().toLowerCase()) hash = (hash * 131n + BigInt(ch.codePointAt(0) ?? 0)) % 10n ** 20n;
  return `1${hash.toString().padStart(20, '0')}`;
}

export function fakeGoogleIdToken(account: TestAccount): string {
  return JSON.stringify({
    sub: testGoogleSubject(account.email),
    email: account.email.trim().toLowerCase(),
    email_verified: true,
    name: account.displayName,
  });
}
