import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/**
 * The emulators print a few lines per HTTP request (Hosting's access log and rewrite, the Functions emulator's
 * start and finish of each call, the Firestore emulator's note on each new connection), which bury start-up
 * messages and errors in the terminal. These are those lines.
 */
const PER_REQUEST = [
  /^\[hosting\] Rewriting \//,
  /^i\s+hosting: \S+ - - \[/,
  /^i\s+functions: (Beginning execution of|Finished) "/,
  /^\w{3} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M io\.gapi\.emulators\.netty\.HttpVersionRoutingHandler channelRead$/,
  /^INFO: Detected (non-)?HTTP\/2 connection\.$/,
];

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export const isPerRequestLine = (line: string): boolean =>
  PER_REQUEST.some((pattern) => pattern.test(line.replace(ANSI, '').trimStart()));

/** Whether the terminal shows every request: STACK_LOG_REQUESTS=1 (see .env.example). */
export const logsRequests = (env: NodeJS.ProcessEnv): boolean => env.STACK_LOG_REQUESTS === '1';

/** Copies `from` to `to` line by line, leaving out the per-request lines. */
export function copyWithoutRequests(from: Readable, to: Writable): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!isPerRequestLine(line)) to.write(`${line}\n`);
  });
}
