import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, launchBrowser, screenshot, type Browser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('installable PWA', () => {
  it('has no installability errors', async () => {
    const { page, context } = browser;
    await page.goto(APP_URL);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await fetch(`${APP_URL}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'StockSeer', display: 'standalone', start_url: '/' });
  });

  it('still shows the shell when reloaded offline, and never caches the API', async () => {
    const { page, context } = browser;
    await page.goto(APP_URL);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The first visit installs the worker; from the next load on it controls the page.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('link', { name: 'StockSeer home' }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'offline-shell');
      const apiStatus = await page.evaluate(() =>
        fetch('/api/health').then(
          (r) => r.status,
          () => 'network error',
        ),
      );
      expect(apiStatus).toBe('network error');
    } finally {
      await context.setOffline(false);
    }
  });
});
