import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FirestoreUsage } from '../../functions/src/adapters/firestore/usage';
import { FIRESTORE_USAGE_DIR } from '../../tools/stack/config';

/** Firestore reads and writes by step, as the stack's functions counted them (functions/src/emulator/firestoreUsage.ts). */
export type UsageByStep = Record<string, FirestoreUsage>;

/** The counts so far, summed over the functions' processes (a file each, rewritten 100 ms after each call). */
export function usageNow(): UsageByStep {
  const total: UsageByStep = {};
  if (!existsSync(FIRESTORE_USAGE_DIR)) return total;
  for (const name of readdirSync(FIRESTORE_USAGE_DIR).filter((n) => n.endsWith('.json'))) {
    const counts = JSON.parse(readFileSync(path.join(FIRESTORE_USAGE_DIR, name), 'utf8')) as UsageByStep;
    for (const [step, { reads, writes }] of Object.entries(counts)) {
      const sum = (total[step] ??= { reads: 0, writes: 0 });
      sum.reads += reads;
      sum.writes += writes;
    }
  }
  return total;
}

/** What happened between two counts; 'other' (the bench's own polls through the API, say) is left out. */
export function usageBetween(before: UsageByStep, after: UsageByStep): UsageByStep {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([step]) => step !== 'other')
      .map(([step, { reads, writes }]) => [
        step,
        { reads: reads - (before[step]?.reads ?? 0), writes: writes - (before[step]?.writes ?? 0) },
      ]),
  );
}

export const totalOf = (usage: UsageByStep): FirestoreUsage =>
  Object.values(usage).reduce((sum, u) => ({ reads: sum.reads + u.reads, writes: sum.writes + u.writes }), {
    reads: 0,
    writes: 0,
  });
