import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_TEXT } from '../web/src/app/messages';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser, signOutFromMenu } from './support/signIn';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell', () => {
  it('shows the landing page with its promises to a signed-out visitor', async () => {
    const { page } = browser;
    await page.goto(APP_URL);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
    await expect(page.getByRole('link', { name: 'StockSeer home' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Install App' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: SHELL_TEXT.signIn, exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.locator('footer').innerText()).toContain(`© ${new Date().getFullYear()} StockSeer`);
    await screenshot(page, 'landing');
  });

  it('signs a new user in through the test-account chooser, shows the tabs and signs out to /auth', async () => {
    const { page } = browser;
    const email = uniqueEmail('investor');
    await signInWithChooser(page, { email });
    // After login on /auth the app moves to / after about 100 ms (docs/product.md#routes).
    await page.waitForURL(`${APP_URL}/`);
    const tabs = page.getByRole('tablist', { name: 'StockSeer sections' }).getByRole('tab');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['Predictions', 'Wallet', 'History']);
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await expect(page.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).resolves.toBe('true');
    expect(page.url()).toBe(`${APP_URL}/`);

    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    expect(await menu.innerText()).toContain(email.split('@')[0]);
    expect(await menu.innerText()).toContain(email);
    await screenshot(page, 'signed-in-user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${APP_URL}/auth`);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
  });

  it('shows the Admin tab to the demo admin only', async () => {
    const { page } = browser;
    await signInWithChooser(page, 'demo');
    await expect(page.getByRole('tab', { name: 'Admin' }).count()).resolves.toBe(0);
    await signOutFromMenu(page);

    await signInWithChooser(page, 'admin');
    await page.getByRole('tab', { name: 'Admin' }).waitFor();
    await screenshot(page, 'admin-tabs');
    await signOutFromMenu(page);
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/no/such/page`);
    await page.getByRole('heading', { name: SHELL_TEXT.notFoundTitle }).waitFor();
    await expect(page.getByText(SHELL_TEXT.notFoundHint).isVisible()).resolves.toBe(true);
  });

  it('requires every field of the contact form', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByLabel('Message').waitFor();
    // The browser blocks the submit: all four fields are still invalid and we are still on /contact.
    await expect(page.locator('form :invalid').count()).resolves.toBe(4);
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await expect(page.locator('form :invalid').count()).resolves.toBe(1);
    expect(page.url()).toBe(`${APP_URL}/contact`);
  });
});
