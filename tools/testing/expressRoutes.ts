import type { Express, Router } from 'express';

/** A layer of Express 5's router (the `router` package): a route, a mounted router, or a middleware. */
interface Layer {
  /** The path the layer was registered with (router 2.3+); absent means this walker no longer fits Express. */
  rawPath?: string | RegExp | (string | RegExp)[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/**
 * Every route an Express app answers, as `METHOD /path` (e.g. `GET /api/stocks/:symbol`), found by walking its
 * router stack and the routers mounted in it. Middlewares that are not routers are skipped.
 */
export function listRoutes(app: Express): string[] {
  const found = new Set<string>();
  walk((app as Express & { router: Router }).router as unknown as { stack: Layer[] }, '', found);
  return [...found].sort();
}

function walk(router: { stack: Layer[] }, prefix: string, found: Set<string>): void {
  for (const layer of router.stack) {
    if (layer.route) {
      for (const path of [layer.route.path].flat()) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) found.add(`${method.toUpperCase()} ${prefix}${path}`);
        }
      }
    } else if (layer.handle.stack) {
      if (typeof layer.rawPath !== 'string') {
        throw new Error(`Cannot list routes: a router is mounted at ${String(layer.rawPath)} (not a plain path)`);
      }
      walk(layer.handle as { stack: Layer[] }, prefix + (layer.rawPath === '/' ? '' : layer.rawPath), found);
    }
  }
}
