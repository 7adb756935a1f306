import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PARAMS, SECRETS, settingsFrom } from '../../functions/src/config';
import { chosenSource } from '../../functions/src/adapters/market-data/select';
import { PORT_OFFSET, ROOT } from './config';

/**
 * The functions' settings on the local stack, handed over the Functions emulator's way (functions/src/config.ts
 * declares them): secrets in functions/.secret.local, params in a .env.local. The emulator reads both each time it
 * starts a worker, and asks Secret Manager (online) for a declared secret missing from .secret.local, so every
 * secret gets a value. The params' file is this stack's own (firebase.stack-N.json points the functions' configDir
 * at it): a second stack beside this one has other ports. Both are git-ignored and rewritten at every start.
 */
export const PARAMS_DIR = path.join(ROOT, `.stack/functions-config-${PORT_OFFSET}`);
export const SECRETS_FILE = path.join(ROOT, 'functions/.secret.local');

/** What MASSIVE_API_KEY holds when the provider is not Massive: declared, so it needs a value; never used. */
export const UNUSED_MASSIVE_KEY = 'unused-the-provider-is-not-massive';

/**
 * Every param's value: the stack's environment's, else the param's default; the provider the local stack picks
 * (csv with a data folder, else demo) unless one is asked for. A value that cannot work throws, naming it.
 */
export function emulatorParams(env: NodeJS.ProcessEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const param of PARAMS) {
    const given = env[param.name];
    values[param.name] = given ? given : String(param.options.default ?? '');
  }
  values.MARKET_DATA_PROVIDER = chosenSource(env);
  settingsFrom(values);
  for (const param of PARAMS) {
    if (values[param.name] === '' && param.options.default === undefined) throw new Error(`${param.name} is not set`);
  }
  return values;
}

/** Why a secret missing from the environment is needed (the Stripe keys' when no other says). */
const NEEDED_WHEN: Record<string, string> = {
  MASSIVE_API_KEY: 'MARKET_DATA_PROVIDER is massive',
  VAPID_PRIVATE_KEY: 'VAPID_PUBLIC_KEY is given',
};

/** Every secret's value from the stack's environment; one that is needed and missing throws, naming it. */
export function emulatorSecrets(env: NodeJS.ProcessEnv): Record<string, string> {
  const massive = chosenSource(env) === 'massive';
  const values: Record<string, string> = {};
  for (const { name } of SECRETS) {
    const value = env[name] || (name === 'MASSIVE_API_KEY' && !massive ? UNUSED_MASSIVE_KEY : '');
    if (!value) {
      const why = NEEDED_WHEN[name] ?? 'Stripe keys are given';
      throw new Error(`${name} is not set, and ${why}: add it to .env (see .env.example)`);
    }
    values[name] = value;
  }
  return values;
}

/** A dotenv file the emulator parses back to the same values (firebase-tools' functions/env.js). */
export function dotenv(values: Record<string, string>): string {
  const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
  return Object.entries(values)
    .map(([name, value]) => `${name}=${quoted(value)}\n`)
    .join('');
}

/** Writes both files for the stack's environment; throws before writing anything when a value is missing or bad. */
export function writeFunctionsConfig(env: NodeJS.ProcessEnv): void {
  const params = dotenv(emulatorParams(env));
  const secrets = dotenv(emulatorSecrets(env));
  mkdirSync(PARAMS_DIR, { recursive: true });
  writeAtomically(path.join(PARAMS_DIR, '.env.local'), params);
  // Shared by every stack of this checkout, which all write the same file for the same settings: left alone then,
  // so that a running stack's workers never read it half-written.
  if (readOr(SECRETS_FILE) !== secrets) writeAtomically(SECRETS_FILE, secrets, 0o600);
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, content: string, mode = 0o644) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode });
  renameSync(temp, file);
}
