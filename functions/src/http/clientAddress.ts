import { createHash } from 'node:crypto';
import type { Request } from 'express';

/**
 * Who a signed-out caller is, for its limits (docs/architecture.md#request-flow), as two keys:
 * - `edge`: `req.ip` under `trust proxy` (TRUSTED_PROXY_HOPS), the address the platform's front end received the
 *   request from, which the caller cannot write: a direct caller's own, or a Firebase Hosting edge that many browsers
 *   share. A generous limit.
 * - `browser`: that address together with who the request says is behind it (the X-Forwarded-For entry before the
 *   trusted ones, and Firebase Hosting's `Fastly-Client-IP`), so browsers behind one edge are told apart. A strict
 *   limit. A caller can write what is behind the edge, so a caller that rotates it gets new browser keys, all held
 *   by the limit of its edge.
 */
export interface CallerKeys {
  edge: string;
  browser: string;
}

export function callerKeys(req: Request, trustedProxyHops: number): CallerKeys {
  const edge = req.ip ?? 'unknown';
  const forwarded = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const behind = forwarded.at(-(trustedProxyHops + 1)) ?? '';
  const hostingClient = req.get('fastly-client-ip')?.trim() ?? '';
  return { edge: hashed('edge', [edge]), browser: hashed('client', [edge, behind, hostingClient]) };
}

/** Hashed: limited without being stored. */
function hashed(kind: string, parts: string[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)}`;
}
