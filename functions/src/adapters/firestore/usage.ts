import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Firestore reads and writes, by what asked for them (a maintenance step's name; 'other' outside any): what a night
 * costs, step by step. Production only names the scope; the local stack counts (emulator/firestoreUsage.ts) and
 * `bench:maintenance` reads the counts.
 */
export interface FirestoreUsage {
  reads: number;
  writes: number;
}

const scope = new AsyncLocalStorage<string>();

/** `work` with its Firestore calls counted under `name`. */
export const inUsageScope = <T>(name: string, work: () => Promise<T>): Promise<T> => scope.run(name, work);

export const currentUsageScope = (): string => scope.getStore() ?? 'other';
