import { createApp } from '../src/http/app';
import type { AppDeps } from '../src/http/deps';
import type { Guard } from '../src/http/routeTable';
import { apiRoutes as routeTable } from '../src/http/routes';
import { systemClock, type TimeMachine } from '../src/domain/clock';
import { listRoutes } from '../../tools/testing/expressRoutes';

/** Building the app or its route table calls none of its dependencies, so inert ones do; with a time machine, as the
 * emulator's, which mounts the most. */
const inertDeps = () => ({ clock: systemClock, timeMachine: {} as TimeMachine }) as unknown as AppDeps;

/** Every route of the `api` function as `METHOD /path`, read from the app itself. */
export function apiRoutes(): string[] {
  return listRoutes(createApp(inertDeps()));
}

/** The route table with each route's guard, keyed `METHOD /path` like `apiRoutes`. */
export function apiRouteGuards(): Map<string, Guard> {
  return new Map(routeTable(inertDeps()).map((r) => [`${r.method.toUpperCase()} /api${r.path}`, r.guard]));
}

/** A route that hands out the account's data whole, told by its path, so that a new export is held to the rule unasked. */
export const isExport = (route: string) => /\/exports?(\/|$)/.test(route);

/** The GETs that write: the wallet is opened on first read and its free allowance renewed there. */
const GETS_THAT_WRITE = new Set(['GET /api/wallet']);

/** The rule of the route table (routeTable.ts): a signed-in route that writes (any method but GET) or exports. */
export const writesOrExports = (route: string, guard: Guard) =>
  guard !== 'public' && (!route.startsWith('GET ') || isExport(route) || GETS_THAT_WRITE.has(route));
