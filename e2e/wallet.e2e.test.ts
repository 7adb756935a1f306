import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_FUNDS_TEXT, PAYMENT_RETURN_TEXT, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { addFundsDialog, balanceShows, historyLines as history, payWithCard } from './support/wallet';

let browser: Browser;
/** Every script the browser fetched, with its text: Stripe's code must never be among them on these pages. */
const scripts: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  browser.page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      void response.text().then(
        (text) => scripts.push(text),
        () => {},
      );
  });
});
afterAll(async () => {
  await browser?.close();
});

const dialog = addFundsDialog;

describe('wallet', () => {
  it('adds $20 with the test Visa, then a declined card leaves the balance as it was', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('wallet') });
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await balanceShows(page, WALLET_TEXT.available, '$0.00');
    await page.getByText(WALLET_TEXT.noHistory).waitFor();

    await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
    await expect(dialog(page).getByLabel(ADD_FUNDS_TEXT.amountLabel).inputValue()).resolves.toBe('10');
    await dialog(page).getByRole('button', { name: '$20', exact: true }).click();
    await dialog(page).getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
    await dialog(page).getByText('You are adding $20.00 to your wallet.').waitFor();
    await screenshot(page, 'wallet-payment-step');
    await payWithCard(page, '4242 4242 4242 4242');

    await page.getByRole('status').filter({ hasText: ADD_FUNDS_TEXT.succeededTitle }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain('$20.00 has been added to your wallet');
    await expect(dialog(page).isVisible()).resolves.toBe(false);
    await page.getByText('Stripe payment: $20.00').waitFor();
    await balanceShows(page, WALLET_TEXT.available, '$20.00');
    await expect(history(page).count()).resolves.toBe(1);
    // A statement line: $20 into Available, and the Available balance after it.
    const cells = await history(page).first().locator('th, td').allInnerTexts();
    expect(cells.slice(1)).toEqual(['Stripe payment: $20.00\nDeposit', '+$20.00', '', '', '$20.00']);
    await screenshot(page, 'wallet-after-deposit');

    await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
    await dialog(page).getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
    await payWithCard(page, '4000 0000 0000 0002');
    // Said inline and, since toasts render inside an open dialog, in the toast too.
    await dialog(page).getByRole('alert').filter({ hasText: 'Your card was declined.' }).first().waitFor();
    await screenshot(page, 'wallet-card-declined');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await balanceShows(page, WALLET_TEXT.available, '$20.00');

    // What the server holds, not just what the page remembers.
    await page.reload();
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByText('Stripe payment: $20.00').waitFor();
    await balanceShows(page, WALLET_TEXT.available, '$20.00');
    await expect(history(page).count()).resolves.toBe(1);
  });

  it('shows "Payment received" for a forged return URL, drops the query, and adds no money', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/wallet?payment_success=true&amount=1000`);
    await page.getByRole('status').filter({ hasText: PAYMENT_RETURN_TEXT.title }).waitFor();
    await page.waitForURL(`${APP_URL}/wallet`);
    await page.getByText('Stripe payment: $20.00').waitFor();
    await balanceShows(page, WALLET_TEXT.available, '$20.00');
    await screenshot(page, 'wallet-forged-return');

    await page.reload();
    await page.getByText('Stripe payment: $20.00').waitFor();
    await balanceShows(page, WALLET_TEXT.available, '$20.00');
    await expect(history(page).count()).resolves.toBe(1);
  });

  it("never downloads Stripe's code when the sandbox stands in for it", () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((text) => text.includes('js.stripe.com'))).toEqual([]);
  });
});
