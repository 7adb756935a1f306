import type { Page } from 'playwright-core';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../../web/src/features/wallet/messages';

/** Waits until the balance labelled `label` reads exactly `value` (it reads '…' while the wallet loads). */
export const balanceShows = (page: Page, label: string, value: string) =>
  page
    .locator('.balance', { has: page.locator('dt', { hasText: label }) })
    .locator('.balance-value', { hasText: new RegExp(`^${value.replace(/[$.]/g, '\\$&')}$`) })
    .waitFor();

/** Reloads the Wallet tab until the server's Available reads `value` (the webhook credits in the background). */
export async function availableAfterReload(page: Page, value: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.reload();
    await page.getByRole('tab', { name: 'Wallet' }).click();
    try {
      await balanceShows(page, WALLET_TEXT.available, value);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** The lines of the Payment History statement, newest first (one table row each; on a phone, a card). */
export const historyLines = (page: Page) => page.getByRole('region', { name: WALLET_TEXT.history }).locator('tbody tr');

export const addFundsDialog = (page: Page) => page.getByRole('dialog', { name: WALLET_TEXT.addFunds });

/** On the add-funds dialog's payment step: pays with the sandbox's test card `card` (4242... succeeds, 0002 declines). */
export async function payWithCard(page: Page, card: string): Promise<void> {
  const form = addFundsDialog(page);
  await form.getByText(ADD_FUNDS_TEXT.testMode).waitFor();
  await form.getByLabel(ADD_FUNDS_TEXT.cardNumber).fill(card);
  await form.getByLabel(ADD_FUNDS_TEXT.expiry).fill('12/34');
  await form.getByLabel(ADD_FUNDS_TEXT.cvc).fill('123');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

/** In the open add-funds dialog: pays the default $10 with the sandbox's test card and waits for the success toast. */
export async function payTenDollarsInOpenDialog(page: Page) {
  await addFundsDialog(page).getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await page.getByRole('status').filter({ hasText: ADD_FUNDS_TEXT.succeededTitle }).waitFor();
}
