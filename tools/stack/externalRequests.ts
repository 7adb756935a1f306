import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Functions emulator warns "External network resource requested!" with the URL whenever code it runs reaches
 * past loopback (the Admin SDK probing the metadata server, a provider called for real). On these machines nothing
 * may: this lists every such URL in the stack's log files, so that a run can fail on it.
 */
export function externalRequestsInLogs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .flatMap((name) => externalRequestsIn(readFileSync(path.join(dir, name), 'utf8')).map((url) => `${name}: ${url}`));
}

const WARNING = /External network resource requested!\s*(?:-\s*URL:\s*"([^"]*)")?/g;

/** The URLs a log's warnings name (or the warning itself, where it names none). */
export function externalRequestsIn(log: string): string[] {
  return [...log.matchAll(WARNING)].map((match) => match[1] ?? match[0]);
}
