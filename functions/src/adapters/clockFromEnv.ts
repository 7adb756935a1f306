import { fixedClock, systemClock, type Clock } from '../domain/clock';
import { IsoDate } from '@stockseer/contract';

/**
 * The real clock, unless the local stack pins "today" with STOCKSEER_TODAY. Pinning is refused outside the
 * emulator: production must never run on a made-up date.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): Clock {
  const pinned = env.STOCKSEER_TODAY;
  if (!pinned) return systemClock;
  if (env.FUNCTIONS_EMULATOR !== 'true') throw new Error('STOCKSEER_TODAY is for the local emulator only');
  return fixedClock(IsoDate.parse(pinned));
}
