import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIREBASE_DEBUG_LOG } from './firebaseToolsEnv';

/**
 * What no line of the stack's logs may hold, checked after every `npm test` (tools/stack/main.ts) over the logs of
 * the whole run, integration and e2e tests included:
 * - a request past loopback: the Functions emulator warns "External network resource requested!" with the URL
 *   whenever code it runs reaches another address (the Admin SDK probing the metadata server, a provider called for
 *   real), and firebase-tools' debug log (firebase-debug.log) lists each request it makes itself
 *   (`>>> [apiv2][query] GET https://...`); on these machines nothing may go anywhere but loopback;
 * - a network warning of a tool: firebase-tools' own failed fetches ("Unable to fetch the CLI MOTD ...", "Failed to
 *   fetch MOTD", the Functions emulator's "checkFunctionsSDKVersion was unable to fetch information from NPM") and any
 *   name lookup that failed (ENOTFOUND, EAI_AGAIN, getaddrinfo): something tried to leave loopback, even if it could
 *   not;
 * - a secret: an ID token, a Stripe key or webhook secret, a PaymentIntent's client secret, a card number.
 */
export interface LogFinding {
  file: string;
  kind: 'external request' | 'network warning' | 'secret';
  /** The URL requested, or the warning's line; for a secret only what it is, never the secret itself. */
  what: string;
}

const EXTERNAL_REQUEST = /External network resource requested!\s*(?:-\s*URL:\s*"([^"]*)")?/g;
/** A request firebase-tools made, as its debug log lists it, with its URL. */
const TOOL_REQUEST = />>> \[apiv2\]\[query\] [A-Z]+ (\S+)/g;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The line of a failed fetch or name lookup (as firebase-tools and Node word them). */
const NETWORK_WARNING =
  /^.*(?:[Uu]nable to fetch|Failed to fetch MOTD|\bENOTFOUND\b|\bEAI_AGAIN\b|\bgetaddrinfo\b).*$/gm;

const SECRETS: { what: string; pattern: RegExp }[] = [
  { what: 'an ID token (JWT)', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./ },
  { what: 'a Stripe secret or restricted key', pattern: /\b[sr]k_(?:test|live)_\w{4,}/ },
  { what: 'a Stripe webhook secret', pattern: /\bwhsec_\w{4,}/ },
  { what: "a PaymentIntent's client secret", pattern: /\bpi_\w+_secret_\w+/ },
  // Visa, Mastercard, Amex, Discover: 15 or 16 digits from 3 to 6 (not a millisecond timestamp, which starts with 1).
  // Not inside a longer token such as a UUID (`59449178-3859-4144-...`).
  { what: 'a card number', pattern: /(?<![\w-])[3-6]\d{3}(?:[ -]?\d{4}){2}[ -]?\d{3,4}(?![\w-])/ },
];

/**
 * firebase-tools' debug log traces its own requests and the emulators' internals (long numeric ids among them, which
 * the card rule cannot tell from a card number); no request or log line of the app is in it. It is read for requests
 * past loopback and network warnings; the secret rules hold the services' own logs, where the app's lines are.
 */
const NETWORK_ONLY_LOGS = new Set([FIREBASE_DEBUG_LOG]);

/** Every finding in the `.log` files of `dir` (none for a folder that is not there). */
export function auditLogs(dir: string): LogFinding[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .flatMap((file) =>
      auditLog(readFileSync(path.join(dir, file), 'utf8'))
        .filter((f) => f.kind !== 'secret' || !NETWORK_ONLY_LOGS.has(file))
        .map((f) => ({ file, ...f })),
    );
}

export function auditLog(log: string): Omit<LogFinding, 'file'>[] {
  const external = [...log.matchAll(EXTERNAL_REQUEST)].map((m) => ({
    kind: 'external request' as const,
    what: m[1] ?? m[0],
  }));
  const toolRequests = [...log.matchAll(TOOL_REQUEST)]
    .filter((m) => !isLoopback(m[1]!))
    .map((m) => ({ kind: 'external request' as const, what: withoutSecrets(m[1]!) }));
  const warnings = [...log.matchAll(NETWORK_WARNING)].map((m) => ({
    kind: 'network warning' as const,
    what: withoutSecrets(m[0].trim()).slice(0, 200),
  }));
  const secrets = SECRETS.flatMap(({ what, pattern }) =>
    [...log.matchAll(new RegExp(pattern, 'g'))]
      .filter((m) => what !== 'a card number' || isCardNumber(m[0]))
      .map(() => ({ kind: 'secret' as const, what })),
  );
  return [...external, ...toolRequests, ...warnings, ...secrets];
}

/** A URL to loopback; anything else (or what is no URL) is not. */
function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** A line to report, each secret in it replaced by what it is. */
function withoutSecrets(line: string): string {
  return SECRETS.reduce((text, { what, pattern }) => text.replace(new RegExp(pattern, 'g'), `[${what}]`), line);
}

/** Digits (spaces or dashes between) that pass the Luhn check, as every card number does. */
function isCardNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
