import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ClientErrorReport } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { log } from '../../adapters/logging/log';
import { parseInput } from '../validate';
import { post, type ApiRoute } from '../routeTable';

/**
 * `POST /api/client-errors`: the web app's unhandled errors, logged as ERROR with their stack (what Cloud Error
 * Reporting groups), tagged `source: web`. Public, since a page fails signed out too; limited per browser address
 * (the app itself sends at most a few per page load), so a broken or hostile page cannot flood the logs.
 */
export function clientErrorRoutes({ rateLimiter }: Pick<AppDeps, 'rateLimiter'>): ApiRoute[] {
  return [
    post('/client-errors', 'public', async (req, res) => {
      const report = parseInput(ClientErrorReport, req.body);
      await rateLimiter.enforce(clientKey(req), 'clientErrors.report');
      const { kind, message, stack, path, release } = report;
      log.error(`web app ${kind} error on ${path}`, stack ? `${message}\n${stack}` : message, {
        source: 'web',
        kind,
        path,
        release,
      });
      res.status(204).end();
    }),
  ];
}

/** A browser by its address (the first of X-Forwarded-For behind Hosting), hashed: limited without being stored. */
function clientKey(req: Request): string {
  const address = req.get('x-forwarded-for')?.split(',')[0]?.trim() || req.socket.remoteAddress || 'unknown';
  return `client-${createHash('sha256').update(address).digest('hex').slice(0, 16)}`;
}
