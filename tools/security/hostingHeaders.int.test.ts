import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOPBACK, securityHeaderProblems } from './hostingHeaders';
import { parseCsp } from './csp';
import { APP_URL, AUTH_EMULATOR_URL, HOST, PORTS, PROJECT_ID, ROOT } from '../stack/config';
import { localCsp, readFirebaseJson, WEB_DIST } from '../stack/firebaseConfig';

/** What Hosting (the emulator, with the stack's copy of firebase.json) really sends (issue 8, item 5). */
async function get(path: string) {
  const res = await fetch(`${APP_URL}${path}`);
  return { res, body: await res.text() };
}

const productionCsp = readFirebaseJson()
  .hosting.headers.find((b) => b.source === '**')!
  .headers.find((h) => h.key === 'Content-Security-Policy')!.value;

describe('security headers through Hosting', () => {
  it.each(['/', '/wallet', '/terms', '/index.html'])('every page (%s) carries them all', async (path) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(200);
    expect(body).toContain('<div id="root">');
    expect(securityHeaderProblems((name) => res.headers.get(name))).toEqual([]);
    // Production's policy plus exactly the local stand-ins for Google and Stripe (firebaseConfig.ts).
    expect(res.headers.get('Content-Security-Policy')).toBe(localCsp(productionCsp));
    expect(parseCsp(res.headers.get('Content-Security-Policy')!).get('connect-src')).toContain(AUTH_EMULATOR_URL);
  });

  it('the page has no inline script, so script-src needs neither a hash nor unsafe-inline', async () => {
    const { body } = await get('/');
    const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, content] of scripts) {
      expect(attributes, tag).toMatch(/\ssrc="\/[^"]+"/);
      expect(content?.trim(), tag).toBe('');
    }
    expect(body).not.toMatch(/\son[a-z]+=/i);
  });

  it('built assets carry them too, beside their long cache lifetime', async () => {
    const { body } = await get('/');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(body)?.[1];
    expect(asset).toBeDefined();
    const { res } = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(securityHeaderProblems((name) => res.headers.get(name))).toEqual([]);
  });

  it('serves every file the built scripts load as itself: nosniff refuses index.html in its place', async () => {
    const assets = path.join(ROOT, WEB_DIST, 'assets');
    const referenced = new Set(
      readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) => [...readFileSync(path.join(assets, file), 'utf8').matchAll(/"(assets\/[\w.-]+)"/g)])
        .map((match) => match[1]!),
    );
    expect(referenced.size).toBeGreaterThan(0);
    for (const file of referenced) {
      const { res } = await get(`/${file}`);
      expect(res.headers.get('Content-Type'), file).toMatch(file.endsWith('.css') ? /text\/css/ : /javascript/);
    }
  });

  it('API answers are never sniffed as something else, through Hosting or at the function’s own URL', async () => {
    const viaHosting = await get('/api/health');
    expect(viaHosting.res.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(viaHosting.res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const direct = await fetch(`http://${HOST}:${PORTS.functions}/${PROJECT_ID}/us-central1/api/api/health`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('production’s policy itself names no loopback address', () => {
    expect(productionCsp).not.toMatch(LOOPBACK);
  });
});
