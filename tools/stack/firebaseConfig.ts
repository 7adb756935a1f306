import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_EMULATOR_URL, PORT_OFFSET, PORTS, ROOT, STRIPE_SANDBOX_URL, usesStripeSandbox } from './config';
import { withSources } from '../security/csp';
import { PARAMS_DIR } from './functionsConfig';

/** The web build a stack serves: web/dist normally, web/dist-OFFSET for a shifted stack. */
export const WEB_DIST = PORT_OFFSET === 0 ? 'web/dist' : `web/dist-${PORT_OFFSET}`;

/** The parts of firebase.json the stack changes. */
export interface FirebaseJson {
  functions: { runtime?: string; configDir?: string }[];
  emulators: Record<string, { port?: number }>;
  hosting: { public: string; headers: { source: string; headers: { key: string; value: string }[] }[] };
}

export const readFirebaseJson = (): FirebaseJson =>
  JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;

/**
 * The local stack's Content-Security-Policy: production's (firebase.json) plus exactly the local stand-ins the
 * browser talks to instead of Google and Stripe: the Auth emulator (REST calls, and the iframe of the popup flow)
 * and, when it replaces Stripe, the Stripe sandbox (the test card form posts to it).
 */
export function localCsp(productionCsp: string): string {
  const stripe = usesStripeSandbox() ? [STRIPE_SANDBOX_URL] : [];
  return withSources(productionCsp, {
    'connect-src': [AUTH_EMULATOR_URL, ...stripe],
    'frame-src': [AUTH_EMULATOR_URL],
  });
}

/** firebase.json with the local stack's ports, web build and CSP (production's file stays free of loopback). */
export function stackFirebaseConfig(production: FirebaseJson): FirebaseJson {
  const config = structuredClone(production);
  for (const [name, port] of Object.entries(PORTS)) {
    if (config.emulators[name]) config.emulators[name].port = port;
  }
  config.hosting.public = WEB_DIST;
  // Deploys run on firebase.json's runtime; the emulator runs functions on this Node, so it is told this Node's
  // version and does not warn that the two differ.
  for (const codebase of config.functions) {
    codebase.runtime = `nodejs${process.versions.node.split('.')[0]}`;
    // The functions' params for this stack (functionsConfig.ts), not functions/.env*: a deploy's.
    codebase.configDir = path.relative(ROOT, PARAMS_DIR);
  }
  for (const block of config.hosting.headers) {
    for (const header of block.headers) {
      if (header.key === 'Content-Security-Policy') header.value = localCsp(header.value);
    }
  }
  return config;
}

/**
 * The firebase.json the emulators start with: a copy for this stack (ports, web build, CSP), written beside
 * firebase.json (paths in it are relative to its folder) and git-ignored.
 */
export function firebaseConfigPath(): string {
  const local = path.join(ROOT, `firebase.stack-${PORT_OFFSET}.json`);
  writeFileSync(local, JSON.stringify(stackFirebaseConfig(readFirebaseJson()), null, 2));
  return local;
}
