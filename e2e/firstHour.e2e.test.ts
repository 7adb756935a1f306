import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SEARCH_QUERY_MAX_LENGTH, TIME_FRAME_LABELS } from '@stockseer/contract';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { ADMIN_TEXT } from '../web/src/features/admin/messages';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { ADD_FUNDS_TEXT, PREDICTION_LINE_TEXT, STATEMENT_TEXT, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser, signOutFromMenu } from './support/signIn';
import { addFundsDialog, balanceShows, historyLines, payWithCard } from './support/wallet';

// Issue 15, "the first hour": what a new investor and a new developer hit first, each through the real stack.

const ROOT = path.resolve(import.meta.dirname, '..');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** From the Wallet tab: adds `amount` (a quick amount) with the sandbox's test card `card`. */
async function addFundsWithCard(page: Page, amount: string, card: string) {
  await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
  await addFundsDialog(page).getByRole('button', { name: amount, exact: true }).click();
  await addFundsDialog(page).getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
  await payWithCard(page, card);
}

describe('the first hour of a new investor', () => {
  it('keeps the chosen stock in the search box across tab switches and reloads, and says when a query is too long', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('first-hour') });
    const search = page.getByRole('combobox', { name: STOCK_TEXT.searchLabel });
    await search.fill('KO');
    await page.getByRole('option', { name: /^KO/ }).click();
    await page.getByRole('heading', { name: /KO/ }).first().waitFor();

    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByRole('tab', { name: 'Predictions' }).click();
    await expect(search.inputValue()).resolves.toBe('KO');
    await page.reload();
    await page.getByRole('heading', { name: /KO/ }).first().waitFor();
    await expect(search.inputValue()).resolves.toBe('KO');

    await search.fill('x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    await page.getByText(STOCK_TEXT.queryTooLong(SEARCH_QUERY_MAX_LENGTH)).waitFor();
    await search.fill('KO');
  });

  it('shows a declined card under the form in the add-funds dialog, once: no toast over the dialog repeats it', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await addFundsWithCard(page, '$5', '4000 0000 0000 0002');
    const dialog = addFundsDialog(page);
    await dialog.locator('.card-error').waitFor();
    await screenshot(page, 'first-hour-card-declined');
    const toasts = await page.locator('.toast', { hasText: ADD_FUNDS_TEXT.cardFailedTitle }).count();
    // Closed before judging, so the tests after this one start from the Wallet tab whatever it found.
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(toasts).toBe(0);
  });

  it('lists Payment History as a statement: signed amounts, the model and time frame, free lines folded and Free', async () => {
    const { page } = browser;
    await addFundsWithCard(page, '$5', '4242 4242 4242 4242');
    await balanceShows(page, WALLET_TEXT.available, '$5.00');
    await page.getByRole('tab', { name: 'Predictions' }).click();
    await page.getByRole('button', { name: 'Generate Prediction' }).click();
    await page.getByText('Future prediction generated successfully.').first().waitFor();

    // The history is fresh for 30 s (docs/product.md#client-behaviour) and the Wallet tab was open moments ago: read
    // what the server holds.
    await page.reload();
    await page.getByRole('tab', { name: 'Wallet' }).click();
    const lines = historyLines(page);
    await lines.filter({ hasText: 'Stripe payment: $5.00' }).waitFor();
    await expect(lines.filter({ hasText: 'Stripe payment: $5.00' }).innerText()).resolves.toContain('+$5.00');
    await expect(lines.count()).resolves.toBe(1);
    await page.getByRole('button', { name: WALLET_TEXT.showFree(1) }).click();
    const free = lines.filter({ hasText: PREDICTION_LINE_TEXT.free_prediction('KO') });
    const freeLine = await free.innerText();
    expect(freeLine).toContain(TIME_FRAME_LABELS.short);
    // A free prediction moves no money: it says so, with no amount.
    await expect(free.locator('td').allInnerTexts()).resolves.toContain(STATEMENT_TEXT.free);
    expect(freeLine).not.toContain('$0.00');
    await screenshot(page, 'first-hour-payment-history');
    await signOutFromMenu(page);
  });

  it('shows the signed-out wallet at /wallet, whose Sign In goes to /auth', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/wallet`);
    await page.getByText(WALLET_TEXT.signedOut).waitFor();
    await page.getByRole('button', { name: WALLET_TEXT.signIn, exact: true }).last().click();
    await page.waitForURL(`${APP_URL}/auth`);
  });

  it('gives the admin a Users section and opens All User Predictions on user predictions', async () => {
    const { page } = browser;
    await signInWithChooser(page, 'admin');
    await page.getByRole('tab', { name: 'Admin' }).click();
    const users = page.getByRole('table', { name: ADMIN_TEXT.usersTitle });
    await page.getByLabel(ADMIN_TEXT.usersSearch).fill(DEMO_ADMIN.email);
    const adminRow = users.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await adminRow.waitFor();
    await expect(adminRow.innerText()).resolves.toContain(ADMIN_TEXT.adminBadge);
    await expect(page.getByLabel(ADMIN_TEXT.typeFilter).inputValue()).resolves.toBe('future');
    await screenshot(page, 'first-hour-admin-users');
    await signOutFromMenu(page);
  });
});

describe('the first hour of a new developer', () => {
  it('stops `npm start` at once, saying why, when MARKET_DATA_DIR names no price files', () => {
    // As the README writes it, a relative path from the repository root; this one does not exist.
    const run = spawnSync('npx', ['tsx', 'tools/stack/main.ts', 'start'], {
      cwd: ROOT,
      env: { ...process.env, MARKET_DATA_DIR: '../no-such-market-data' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `MARKET_DATA_DIR=../no-such-market-data resolves to ${path.resolve(ROOT, '../no-such-market-data')}`,
    );
    expect(run.stdout).not.toContain('StockSeer is running');
  });
});
