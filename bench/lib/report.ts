import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.resolve(fileURLToPath(new URL('../results', import.meta.url)));

/** Every benchmark prints a markdown table and writes its figures as JSON under bench/results/. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...(data as object) }, null, 2)}\n`);
  return file;
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
