import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';

/**
 * The local stack's Web Push VAPID key pair (functions/src/config.ts), made at its first start and kept in
 * .stack/vapid-keys.json (git-ignored), so that `npm start` needs no setting and a browser's subscription outlives a
 * restart. VAPID_* set in the environment (.env) win. Production's pair: README.md#deploying-to-a-real-firebase-project.
 */
// Not config.ts's ROOT: config.ts reads this module.
export const VAPID_KEYS_FILE = fileURLToPath(new URL('../../.stack/vapid-keys.json', import.meta.url));
const LOCAL_SUBJECT = 'mailto:push@stockseer.test';

export type VapidEnv = Record<'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT', string>;

export function localVapidEnv(env: NodeJS.ProcessEnv = process.env): VapidEnv {
  const { publicKey, privateKey } = keptKeys();
  return {
    VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY || publicKey,
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY || privateKey,
    VAPID_SUBJECT: env.VAPID_SUBJECT || LOCAL_SUBJECT,
  };
}

/** The kept pair, made once: the first of two stacks starting at once to write it wins, and both read that one. */
function keptKeys(): { publicKey: string; privateKey: string } {
  try {
    return JSON.parse(readFileSync(VAPID_KEYS_FILE, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    mkdirSync(path.dirname(VAPID_KEYS_FILE), { recursive: true });
    try {
      writeFileSync(VAPID_KEYS_FILE, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return JSON.parse(readFileSync(VAPID_KEYS_FILE, 'utf8')) as { publicKey: string; privateKey: string };
  }
}
