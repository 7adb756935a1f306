import { systemClock, type Clock } from '../domain/clock';

/**
 * Production runs on the real clock, always: a pinned date there is a configuration error. (The local emulator's
 * settable clock comes with its time machine, from its own entry: src/index.emulator.ts.)
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): Clock {
  if (env.STOCKSEER_TODAY) {
    throw new Error('STOCKSEER_TODAY is for the local emulator only (its bundle: STOCKSEER_BUILD=emulator)');
  }
  return systemClock;
}
