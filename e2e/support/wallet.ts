import type { Page } from 'playwright-core';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../../web/src/features/wallet/messages';

/** Waits until the balance labelled `label` reads exactly `value` (it reads '…' while the wallet loads). */
export const balanceShows = (page: Page, label: string, value: string) =>
  page
    .locator('.balance', { has: page.locator('dt', { hasText: label }) })
    .locator('.balance-value', { hasText: new RegExp(`^${value.replace(/[$.]/g, '\\$&')}$`) })
    .waitFor();

/** In the open add-funds dialog: pays the default $10 with the sandbox's test card and waits for the success toast. */
export async function payTenDollarsInOpenDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: WALLET_TEXT.addFunds });
  await dialog.getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
  await dialog.getByText(ADD_FUNDS_TEXT.testMode).waitFor();
  await dialog.getByLabel(ADD_FUNDS_TEXT.cardNumber).fill('4242 4242 4242 4242');
  await dialog.getByLabel(ADD_FUNDS_TEXT.expiry).fill('12/34');
  await dialog.getByLabel(ADD_FUNDS_TEXT.cvc).fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('status').filter({ hasText: ADD_FUNDS_TEXT.succeededTitle }).waitFor();
}
