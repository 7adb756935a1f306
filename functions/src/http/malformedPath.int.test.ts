import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSdk } from '../../../tools/lib/adminSdk';
import { APP_URL, FUNCTION_URL } from '../../../tools/testing/api';
import { createApp } from './app';
import type { AppDeps } from './deps';

/**
 * A malformed percent-escape in an /api path (`%ZZ`, a cut UTF-8 sequence): the app answers a JSON 400 wherever its
 * code sees the request first; on the local stack firebase-tools' Hosting and Functions emulators decode the path
 * before any function runs, and their answer must not show a stack trace or a server path either.
 */
const PATHS = ['/api/stocks/%ZZ', '/api/stocks/%E0%A4%A/price', '/api/stocks/AAPL%zz/price'];
const INTERNALS = /URIError|\/work\/|node_modules|\bat \w+ \(|decode_param/;

describe('a malformed percent-escape in an /api path', () => {
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('is a JSON 400 with a message from the app, which sees it first in Cloud Functions', async () => {
    const { db, auth } = adminSdk();
    const server = createApp({ db, auth } as unknown as AppDeps).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of PATHS) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ message: expect.stringMatching(/path is not valid/) });
    }
  });

  it("shows no stack trace or server path through the stack's Hosting and on the function's URL", async () => {
    for (const base of [APP_URL, FUNCTION_URL]) {
      for (const path of PATHS) {
        const res = await fetch(`${base}${path}`);
        expect(await res.text(), `${base}${path}`).not.toMatch(INTERNALS);
      }
    }
  });
});
