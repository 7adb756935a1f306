import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Secrets that must never reach the browser (issue 8, item 5). Everything in the web build is public: VITE_*
 * values are compiled into it, so a secret given a VITE_ name, or imported by web code, would ship to every user.
 */
const SECRET_PATTERNS: { what: string; pattern: RegExp }[] = [
  { what: 'a Stripe secret key', pattern: /\bsk_(live|test)_[0-9A-Za-z]{4,}/ },
  { what: 'a Stripe restricted key', pattern: /\brk_(live|test)_[0-9A-Za-z]{4,}/ },
  { what: 'a Stripe webhook secret', pattern: /\bwhsec_[0-9A-Za-z+/=]{4,}/ },
  { what: 'a private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { what: 'a service account key', pattern: /\bprivate_key(_id)?["']?\s*:\s*["'`]/ },
  { what: 'a service account e-mail', pattern: /[\w.-]+@[\w-]+\.iam\.gserviceaccount\.com/ },
];

/** Too short to be a real secret, and too likely to occur by chance. */
const MIN_SECRET_LENGTH = 8;

export interface Finding {
  file: string;
  /** What was found, never the secret itself: test output is read by many. */
  what: string;
}

/** What `text` gives away: secret-shaped strings, and the value of any secret named in `values` (name -> value). */
export function findSecrets(text: string, values: ReadonlyMap<string, string> = new Map()): string[] {
  const found = SECRET_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
  for (const [name, value] of values) {
    if (value.length >= MIN_SECRET_LENGTH && text.includes(value)) found.push(`the value of ${name}`);
  }
  return found;
}

/** Every file under `dir` (recursively) with what it gives away. Throws when `dir` is missing or empty. */
export function scanFolder(dir: string, values: ReadonlyMap<string, string> = new Map()): Finding[] {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist: build the web app first (the stack does)`);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  if (files.length === 0) throw new Error(`${dir} is empty: build the web app first (the stack does)`);
  return files.flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    // latin1 maps every byte to one character: binary files (icons) are scanned too, and never fail to decode.
    return findSecrets(readFileSync(file, 'latin1'), values).map((what) => ({ file, what }));
  });
}

/**
 * The names of the server's secrets: the variables .env.example documents whose name says secret, key or token,
 * except VITE_* (public by design: the Firebase web API key and Stripe's publishable key).
 */
export function secretNames(envExample: string): string[] {
  const names = [...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
  return [...new Set(names)].filter((n) => !n.startsWith('VITE_') && /SECRET|_KEY$|TOKEN|PASSWORD/.test(n));
}

/**
 * The values those secrets have on this machine: in the environment, in the root .env and in functions/.env*
 * (where a deployment keeps them), plus `extra` (the local sandbox's stand-in values).
 */
export function secretValues(root: string, names: readonly string[], extra: Record<string, string> = {}) {
  const values = new Map<string, string>();
  const add = (source: string, env: Record<string, string | undefined>) => {
    for (const name of names) {
      const value = env[name]?.trim();
      if (value) values.set(`${name} (${source})`, value);
    }
  };
  add('sandbox', extra);
  add('environment', process.env);
  const functionsDir = path.join(root, 'functions');
  const envFiles = [
    path.join(root, '.env'),
    ...readdirSync(functionsDir)
      .filter((f) => f.startsWith('.env') && f !== '.env.example')
      .map((f) => path.join(functionsDir, f)),
  ];
  for (const file of envFiles.filter((f) => existsSync(f))) {
    add(path.relative(root, file), parseEnv(readFileSync(file, 'utf8')));
  }
  return values;
}
