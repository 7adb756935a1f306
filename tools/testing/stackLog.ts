import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOG_DIR } from '../stack/processes';

/** The Functions emulator's log of the running stack (under `npm test`, .stack/logs/emulators.log). */
export const EMULATOR_LOG = path.join(LOG_DIR, 'emulators.log');

/** The emulator log's lines. */
export function emulatorLogLines(): string[] {
  return readFileSync(EMULATOR_LOG, 'utf8').split('\n');
}

/**
 * The first emulator log line `matches` accepts, waiting for it up to `timeoutMs`: a function's lines reach the log
 * a moment after its answer. Undefined when none came in time.
 */
export async function emulatorLogLine(matches: (line: string) => boolean, timeoutMs = 10_000) {
  for (let waited = 0; ; waited += 100) {
    const line = emulatorLogLines().find(matches);
    if (line !== undefined || waited >= timeoutMs) return line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
