import type { Page } from 'playwright-core';
import { APP_URL } from './browser';

/** Signs in through the app's own "Sign in with Google" button and the emulator's in-app test-account chooser. */
export async function signInWithChooser(page: Page, account: { email: string } | 'demo' | 'admin'): Promise<void> {
  await page.goto(`${APP_URL}/auth`);
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
