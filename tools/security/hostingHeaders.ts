import { parseCsp } from './csp';

/**
 * What every page of StockSeer must carry (issue 8, item 5; the sources and why: docs/security-headers.md). One
 * list for the unit test on firebase.json and the integration test on what the Hosting emulator serves.
 */
const EXACT_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Sources the app cannot work without: our API, Firebase Auth (sign-in by Google popup) and Stripe. */
export const NEEDED_SOURCES: Record<string, string[]> = {
  'script-src': ["'self'", 'https://apis.google.com', 'https://js.stripe.com'],
  'connect-src': [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://api.stripe.com',
  ],
  'frame-src': ['https://*.firebaseapp.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
};

/** Sources that would let an injected script run, or let anything load from anywhere. */
const NEVER_IN_SCRIPT_SRC = ["'unsafe-inline'", "'unsafe-eval'", 'data:', 'blob:'];
const TOO_BROAD = ['*', 'http:', 'https:'];

const HSTS_MIN_MAX_AGE = 31_536_000;

/** Problems with a response's security headers (empty when all is well); `get` reads a header by name. */
export function securityHeaderProblems(get: (name: string) => string | null | undefined): string[] {
  const problems: string[] = [];
  const expectHeader = (name: string, ok: (value: string) => boolean, want: string) => {
    const value = get(name);
    if (value == null) problems.push(`${name} is missing`);
    else if (!ok(value)) problems.push(`${name} is "${value}", want ${want}`);
  };

  expectHeader('X-Content-Type-Options', (v) => v === 'nosniff', 'nosniff');
  expectHeader('X-Frame-Options', (v) => v === 'SAMEORIGIN', 'SAMEORIGIN');
  expectHeader('Referrer-Policy', (v) => v === 'strict-origin-when-cross-origin', 'strict-origin-when-cross-origin');
  expectHeader(
    'Strict-Transport-Security',
    (v) => Number(/max-age=(\d+)/.exec(v)?.[1] ?? 0) >= HSTS_MIN_MAX_AGE && /;\s*includeSubDomains/i.test(v),
    `max-age >= ${HSTS_MIN_MAX_AGE}; includeSubDomains`,
  );
  expectHeader(
    'Permissions-Policy',
    (v) => ['camera=()', 'microphone=()', 'geolocation=()'].every((feature) => v.includes(feature)),
    'camera, microphone and geolocation switched off',
  );

  const header = get('Content-Security-Policy');
  if (header == null) return [...problems, 'Content-Security-Policy is missing'];
  const csp = parseCsp(header);
  for (const [name, want] of Object.entries(EXACT_DIRECTIVES)) {
    const have = csp.get(name)?.join(' ');
    if (have !== want.join(' ')) problems.push(`CSP ${name} is "${have ?? '(none)'}", want "${want.join(' ')}"`);
  }
  for (const [name, sources] of Object.entries(NEEDED_SOURCES)) {
    for (const source of sources) {
      if (!csp.get(name)?.includes(source)) problems.push(`CSP ${name} lacks ${source}`);
    }
  }
  for (const source of csp.get('script-src') ?? []) {
    if (NEVER_IN_SCRIPT_SRC.includes(source)) problems.push(`CSP script-src allows ${source}`);
  }
  for (const [name, sources] of csp) {
    for (const source of sources) {
      if (TOO_BROAD.includes(source)) problems.push(`CSP ${name} allows ${source}: anything at all`);
    }
  }
  return problems;
}

/** Loopback addresses: the local stack's, never production's. */
export const LOOPBACK = /127\.0\.0\.1|localhost|\[::1\]/i;
