import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { SHELL_TEXT } from '../web/src/app/messages';
import { APP_URL, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser, signOutFromMenu } from './support/signIn';

// The session hint (web/src/features/auth/sessionHint.ts): a visitor this browser knows as signed out sees the
// landing page without the Auth SDK; a returning user goes straight to the app.
let browser: Browser;
const authSdkRequests: string[] = [];
// Page requests only: the service worker's precache fetches every asset, the Auth SDK's chunk among them, in the
// background (a download for later, not a load into the page).
const isAuthSdk = (request: Request) =>
  request.serviceWorker() === null && /\/assets\/firebase-[^/]*\.js$/.test(request.url());

beforeAll(async () => {
  browser = await launchBrowser();
  browser.context.on('request', (request) => {
    if (isAuthSdk(request)) authSdkRequests.push(request.url());
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('session hint', () => {
  it('shows a first-time visitor the landing page without downloading the Auth SDK until they reach for Sign in', async () => {
    const { page } = browser;
    await page.goto(APP_URL);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(authSdkRequests).toEqual([]);

    await page.getByRole('button', { name: SHELL_TEXT.signIn, exact: true }).hover();
    await expect.poll(() => authSdkRequests.length).toBeGreaterThan(0);
  });

  it('takes a signed-in user straight to the app on reload, and a signed-out one straight to the landing page', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('returning') });
    await page.reload();
    await page.getByRole('tablist', { name: 'StockSeer sections' }).waitFor();

    await signOutFromMenu(page);
    authSdkRequests.length = 0;
    await page.goto(APP_URL);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(authSdkRequests).toEqual([]);
  });
});
