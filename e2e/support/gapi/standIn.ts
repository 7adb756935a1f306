import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/**
 * TEST-ONLY. Makes the real `signInWithPopup(auth, new GoogleAuthProvider())` work against the Firebase Auth
 * emulator without internet (docs/architecture.md#local-stack).
 *
 * The Auth SDK (v12) loads https://apis.google.com/js/api.js and uses `gapi.iframes` to embed the emulator's helper
 * iframe (`<emulator>/emulator/auth/iframe`), through which the popup's result comes back; that iframe page loads
 * api.js too. Offline, api.js cannot load and the popup fails with `auth/internal-error`. This routes every request
 * for api.js, in every page and frame of `context`, to a small stand-in (`gapi-stand-in.js`, next to this file;
 * its header explains the protocol) that implements just the gapi subset both ends use.
 *
 * Call it before the page loads the SDK's popup code (i.e. before navigating). Launch the browser with
 * `serviceWorkers: 'block'`: requests made through a service worker bypass `context.route`.
 */
export async function installGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route(isGapiLoaderUrl, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'cache-control': 'no-store' },
      body: GAPI_STAND_IN_SOURCE,
    }),
  );
}

/** The stand-in's source, read once from disk (a plain browser script, kept out of TypeScript on purpose). */
export const GAPI_STAND_IN_SOURCE: string = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

/** `https://apis.google.com/js/api.js` with any query (the SDK adds `?onload=__iframefcbNNN`). */
function isGapiLoaderUrl(url: URL): boolean {
  return url.protocol === 'https:' && url.host === 'apis.google.com' && url.pathname === '/js/api.js';
}
