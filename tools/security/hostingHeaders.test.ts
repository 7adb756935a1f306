import { describe, expect, it } from 'vitest';
import { parseCsp } from './csp';
import { LOOPBACK, securityHeaderProblems } from './hostingHeaders';
import { readFirebaseJson, stackFirebaseConfig, type FirebaseJson } from '../stack/firebaseConfig';
import { AUTH_EMULATOR_URL, STRIPE_SANDBOX_URL, usesStripeSandbox } from '../stack/config';

const production = readFirebaseJson();

/** The headers Hosting sends with a page (`source: "**"`), as a lookup by name. */
function pageHeaders(config: FirebaseJson) {
  const all = config.hosting.headers.find((block) => block.source === '**');
  const byName = new Map(all?.headers.map((h) => [h.key.toLowerCase(), h.value]));
  return (name: string) => byName.get(name.toLowerCase());
}
const cspOf = (config: FirebaseJson) => parseCsp(pageHeaders(config)('Content-Security-Policy') ?? '');

describe('production firebase.json: the security headers of every page', () => {
  it('sets every security header and the CSP directives the app needs, nothing looser', () => {
    expect(securityHeaderProblems(pageHeaders(production))).toEqual([]);
  });

  it('names no loopback address in any header (those are the local stack’s)', () => {
    for (const block of production.hosting.headers) {
      for (const { key, value } of block.headers) expect(`${key}: ${value}`).not.toMatch(LOOPBACK);
    }
  });

  it('sets them once: no narrower rule overrides a security header', () => {
    const securityKeys = new Set(
      production.hosting.headers.find((b) => b.source === '**')!.headers.map((h) => h.key.toLowerCase()),
    );
    for (const block of production.hosting.headers.filter((b) => b.source !== '**')) {
      for (const { key } of block.headers) expect(securityKeys.has(key.toLowerCase()), key).toBe(false);
    }
  });
});

describe('the local stack’s firebase.json', () => {
  const local = stackFirebaseConfig(production);

  it('adds exactly the Auth emulator and the Stripe sandbox to the CSP, nothing else', () => {
    const prod = cspOf(production);
    const added = new Map(
      [...cspOf(local)].map(([name, sources]) => [name, sources.filter((s) => !prod.get(name)?.includes(s))]),
    );
    const sandbox = usesStripeSandbox() ? [STRIPE_SANDBOX_URL] : [];
    expect(Object.fromEntries([...added].filter(([, s]) => s.length > 0))).toEqual({
      'connect-src': [AUTH_EMULATOR_URL, ...sandbox],
      'frame-src': [AUTH_EMULATOR_URL],
    });
    expect([...cspOf(local).keys()]).toEqual([...prod.keys()]);
  });

  it('keeps every other header as production has it', () => {
    const withoutCsp = (config: FirebaseJson) =>
      config.hosting.headers.map((b) => b.headers.filter((h) => h.key !== 'Content-Security-Policy'));
    expect(withoutCsp(local)).toEqual(withoutCsp(production));
    expect(securityHeaderProblems(pageHeaders(local))).toEqual([]);
  });
});

describe('securityHeaderProblems', () => {
  const good = pageHeaders(production);
  const changed = (name: string, value: string | undefined) => (n: string) =>
    n.toLowerCase() === name.toLowerCase() ? value : good(n);

  it('flags an inline or eval script source, a missing directive and a too broad source', () => {
    const csp = good('Content-Security-Policy')!;
    const problems = (value: string) => securityHeaderProblems(changed('Content-Security-Policy', value));
    expect(problems(csp.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))).toEqual([
      "CSP script-src allows 'unsafe-inline'",
    ]);
    expect(problems(csp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"))).toEqual([
      "CSP script-src allows 'unsafe-eval'",
    ]);
    expect(problems(csp.replace("; frame-ancestors 'self'", ''))).toEqual([
      `CSP frame-ancestors is "(none)", want "'self'"`,
    ]);
    expect(problems(csp.replace("img-src 'self'", 'img-src *'))).toEqual(['CSP img-src allows *: anything at all']);
    expect(problems(csp.replace(' https://api.stripe.com', ''))).toEqual([
      'CSP connect-src lacks https://api.stripe.com',
    ]);
  });

  it('flags a missing or weak header', () => {
    expect(securityHeaderProblems(changed('X-Frame-Options', undefined))).toEqual(['X-Frame-Options is missing']);
    expect(securityHeaderProblems(changed('Strict-Transport-Security', 'max-age=300'))).toEqual([
      'Strict-Transport-Security is "max-age=300", want max-age >= 31536000; includeSubDomains',
    ]);
  });
});
