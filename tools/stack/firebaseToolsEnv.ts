import path from 'node:path';

/**
 * firebase-tools' own environment: everything it would fetch at a start switched off, since nothing the stack runs
 * may leave loopback (its function workers inherit it too):
 * - CI: its message of the day (firebase-public.firebaseio.com/cli.json), which it skips under `CI`;
 * - NO_UPDATE_NOTIFIER: its update notifier's daily question to the npm registry;
 * - npm_config_offline, npm_config_update_notifier: the Functions emulator's check of the firebase-functions version
 *   spawns `npm show firebase-functions`, which offline answers from npm's cache or not at all, and npm's own check
 *   for a newer npm;
 * - XDG_CONFIG_HOME: a settings store (configstore) of the stack's own, so that a developer's opt-in to usage
 *   statistics (Google Analytics events at every command and emulator start), logins and cached remote settings of
 *   the global store never apply here; the emulators keep nothing there that the stack needs;
 * - TMPDIR: its locator of a project's running emulators, the stack's own so two stacks never take each other for one;
 * - FIREBASE_DEBUG_PATH: its debug log beside the stack's other logs, where the log audit reads it (logAudit.ts).
 * NODE_ENV=production, as Cloud Functions runs functions: the emulators' own Express answers a request it cannot
 * route (a path with a malformed percent-escape) without its stack trace and server paths. Given to firebase-tools
 * alone: tools such as Playwright change their behaviour under `CI`.
 */
export function firebaseToolsEnv(tempDir: string, logDir: string): Record<string, string> {
  return {
    CI: 'true',
    NO_UPDATE_NOTIFIER: '1',
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    XDG_CONFIG_HOME: path.join(tempDir, 'config'),
    TMPDIR: tempDir,
    FIREBASE_DEBUG_PATH: path.join(logDir, FIREBASE_DEBUG_LOG),
    NODE_ENV: 'production',
  };
}

/** firebase-tools' debug log, which it deletes when it ends well: the audit reads it before the stack stops. */
export const FIREBASE_DEBUG_LOG = 'firebase-debug.log';
