import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PORT_OFFSET, PORTS, ROOT } from './config';

/** The web build a stack serves: web/dist normally, web/dist-OFFSET for a shifted stack. */
export const WEB_DIST = PORT_OFFSET === 0 ? 'web/dist' : `web/dist-${PORT_OFFSET}`;

/**
 * The firebase.json the emulators start with. For a shifted stack, a copy with the shifted ports and its own web
 * build, written beside firebase.json (paths in it are relative to its folder) and git-ignored.
 */
export function firebaseConfigPath(): string {
  const base = path.join(ROOT, 'firebase.json');
  if (PORT_OFFSET === 0) return base;
  const config = JSON.parse(readFileSync(base, 'utf8'));
  for (const [name, port] of Object.entries(PORTS)) {
    if (config.emulators[name]) config.emulators[name].port = port;
  }
  config.hosting.public = WEB_DIST;
  const shifted = path.join(ROOT, `firebase.stack-${PORT_OFFSET}.json`);
  writeFileSync(shifted, JSON.stringify(config, null, 2));
  return shifted;
}
