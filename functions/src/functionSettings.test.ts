import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTION_SETTINGS, memoryGiB } from './functionSettings';
import { stockseerFunctions } from './functions';
import { systemClock } from './domain/clock';
import { SHARDS_AT_ONCE } from './jobs/maintenanceShard';

const DOC = new URL('../../docs/capacity.md', import.meta.url);
const COLUMNS = ['memory', 'cpu', 'concurrency', 'minInstances', 'maxInstances', 'timeoutSeconds'] as const;

/** docs/capacity.md's settings table: the rows whose first cell is a function's name in backticks. */
function documentedSettings(): Record<string, Record<string, string>> {
  const rows: Record<string, Record<string, string>> = {};
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name || !(name in FUNCTION_SETTINGS) || cells.length < COLUMNS.length + 3) continue;
    rows[name] = Object.fromEntries(COLUMNS.map((column, i) => [column, cells[i + 2]!]));
  }
  return rows;
}

describe('function settings', () => {
  it('are the ones docs/capacity.md derives from the measurements', () => {
    const expected = Object.fromEntries(
      Object.entries(FUNCTION_SETTINGS).map(([name, settings]) => [
        name,
        Object.fromEntries(COLUMNS.map((column) => [column, String(settings[column])])),
      ]),
    );
    expect(documentedSettings()).toEqual(expected);
  });

  it('are what the deployed functions declare', () => {
    const functions = stockseerFunctions({ clock: systemClock });
    for (const [name, settings] of Object.entries(FUNCTION_SETTINGS)) {
      const endpoint = functions[name as keyof typeof functions].__endpoint;
      expect(endpoint, name).toMatchObject({
        availableMemoryMb: memoryGiB(settings) * 1024,
        cpu: settings.cpu,
        concurrency: settings.concurrency,
        minInstances: settings.minInstances,
        maxInstances: settings.maxInstances,
        timeoutSeconds: settings.timeoutSeconds,
      });
    }
  });

  it('give the maintenance queue an instance for each shard it dispatches at once', () => {
    expect(FUNCTION_SETTINGS.maintenanceShard.maxInstances).toBe(SHARDS_AT_ONCE);
  });
});
