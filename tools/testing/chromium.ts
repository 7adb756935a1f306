import { existsSync } from 'node:fs';

/**
 * Debian's chromium (CI installs it) or, on a machine without it, the one inside @sparticuz/chromium
 * (docs/architecture.md#local-stack).
 */
export async function chromiumPath(): Promise<string> {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Headless, quiet, and every address but loopback resolves to nothing: a test browser never reaches the internet. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
