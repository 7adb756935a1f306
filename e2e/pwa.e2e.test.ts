import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_TEXT } from '../web/src/lib/online';
import { PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { WALLET_TEXT } from '../web/src/features/wallet/messages';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { balanceShows } from './support/wallet';

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

describe('signed in, reloaded offline', () => {
  it('says once that it is offline, shows what was last loaded, keeps money buttons off, and recovers online', async () => {
    const { page, context } = browser;
    await signInWithChooser(page, { email: uniqueEmail('offline') });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Online: a stock with its forecasts, then the wallet.
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
    await page.getByRole('option', { name: /AAPL/ }).first().click();
    await page.getByText(STOCK_TEXT.loadingChart).waitFor({ state: 'detached' });
    await page.getByText(PREDICTION_TEXT.noFuture).waitFor();
    await page.goto(`${APP_URL}/wallet`);
    await balanceShows(page, WALLET_TEXT.available, '$0.00');

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByText(OFFLINE_TEXT.title).waitFor();
      await balanceShows(page, WALLET_TEXT.available, '$0.00');
      const addFunds = page.getByRole('button', { name: WALLET_TEXT.addFunds });
      await expect(addFunds.getAttribute('aria-disabled')).resolves.toBe('true');
      await page.getByRole('tab', { name: 'Predictions' }).click();
      const generate = page.getByRole('button', { name: PREDICTION_TEXT.generate });
      await expect(generate.getAttribute('aria-disabled')).resolves.toBe('true');
      await page.getByText(PREDICTION_TEXT.noFuture).waitFor();
      // Whatever the page tried in the meantime: one notice, no error and no toast.
      await page.waitForTimeout(1000);
      await screenshot(page, 'offline-signed-in');
      await expect(page.getByText(OFFLINE_TEXT.title).count()).resolves.toBe(1);
      await expect(page.locator('.toast').count()).resolves.toBe(0);
      await expect(page.locator('.error-text').count()).resolves.toBe(0);
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
    } finally {
      await context.setOffline(false);
    }
    await page.getByText(OFFLINE_TEXT.title).waitFor({ state: 'detached' });
    const generate = page.getByRole('button', { name: PREDICTION_TEXT.generate });
    await expect(generate.getAttribute('aria-disabled')).resolves.not.toBe('true');
  }, 120_000);
});
