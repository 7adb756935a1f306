import { createApp } from '../src/http/app';
import type { AppDeps } from '../src/http/deps';
import { SettableClock } from '../src/adapters/clockFromEnv';
import { listRoutes } from '../../tools/testing/expressRoutes';

/**
 * Every route of the `api` function as `METHOD /path`, read from the app itself. Building the app calls none of
 * its dependencies, so inert ones do; the settable clock is the emulator's, which mounts the most.
 */
export function apiRoutes(): string[] {
  return listRoutes(createApp({ clock: new SettableClock(null) } as unknown as AppDeps));
}
