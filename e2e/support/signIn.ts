import type { Page } from 'playwright-core';
import { APP_URL } from './browser';

/** Signs in through the app's own "Sign in with Google" button and the emulator's in-app test-account chooser. */
export async function signInWithChooser(
  page: Page,
  account: { email: string } | 'demo' | 'admin',
  appUrl = APP_URL,
): Promise<void> {
  await page.goto(`${appUrl}/auth`);
  await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Choose a test Google account' });
  if (account === 'demo' || account === 'admin') {
    await dialog.getByRole('button', { name: account === 'demo' ? /Demo Investor/ : /Demo Admin/ }).click();
  } else {
    await dialog.getByLabel('Or sign in as another e-mail').fill(account.email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
  }
  await page.getByRole('tablist', { name: 'StockSeer sections' }).waitFor();
}

/** Signs out from the account menu and waits until the app has finished: it shows the landing page on /auth. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${APP_URL}/auth`);
  await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
}
