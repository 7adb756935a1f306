import { createApp } from '../src/http/app';
import type { AppDeps } from '../src/http/deps';
import type { Guard } from '../src/http/routeTable';
import { apiRoutes as routeTable } from '../src/http/routes';
import { SettableClock } from '../src/adapters/clockFromEnv';
import { listRoutes } from '../../tools/testing/expressRoutes';

/** Building the app or its route table calls none of its dependencies, so inert ones do; the settable clock is the
 * emulator's, which mounts the most. */
const inertDeps = () => ({ clock: new SettableClock(null) }) as unknown as AppDeps;

/** Every route of the `api` function as `METHOD /path`, read from the app itself. */
export function apiRoutes(): string[] {
  return listRoutes(createApp(inertDeps()));
}

/** The route table with each route's guard, keyed `METHOD /path` like `apiRoutes`. */
export function apiRouteGuards(): Map<string, Guard> {
  return new Map(routeTable(inertDeps()).map((r) => [`${r.method.toUpperCase()} /api${r.path}`, r.guard]));
}
