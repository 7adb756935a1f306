import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { installGapiStandIn } from './support/gapi/standIn';
import { signOutFromMenu } from './support/signIn';

/**
 * The production sign-in path, `signInWithPopup`, against the Auth emulator's own Google chooser. Offline it needs
 * the test-only gapi stand-in (docs/architecture.md#local-stack); the app code is the same that runs in production.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ blockServiceWorkers: true });
  await installGapiStandIn(browser.context);
});
afterAll(async () => {
  await browser?.close();
});

async function openGooglePopup() {
  const { page, context } = browser;
  await page.goto(`${APP_URL}/auth`);
  await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Sign in with Google popup' }).click(),
  ]);
  await popup.waitForURL(/\/emulator\/auth\/handler/);
  return popup;
}

describe('sign-in with the real Google popup flow', () => {
  const email = uniqueEmail('popup');

  it('creates a new account in the popup and lands in the app', async () => {
    const popup = await openGooglePopup();
    await popup.click('#add-account-button');
    await popup.fill('#email-input', email);
    await popup.click('#sign-in');
    await popup.waitForEvent('close');
    const { page } = browser;
    await page.getByRole('tablist', { name: 'StockSeer sections' }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).click();
    expect(await page.getByRole('menu').innerText()).toContain(email);
    await page.keyboard.press('Escape');
    await signOutFromMenu(browser.page);
  });

  it('signs in again by picking the listed account', async () => {
    const popup = await openGooglePopup();
    await popup.locator('.js-reuse-account', { hasText: email }).click();
    await popup.waitForEvent('close');
    const { page } = browser;
    await page.getByRole('tablist', { name: 'StockSeer sections' }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).click();
    expect(await page.getByRole('menu').innerText()).toContain(email);
  });
});
