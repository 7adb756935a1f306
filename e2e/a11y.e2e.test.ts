import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHELL_TEXT } from '../web/src/app/messages';
import { HISTORY_TEXT } from '../web/src/features/history/messages';
import { PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { expectAccessible } from '../tools/testing/axe';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import {
  countPointerEvents,
  expectEscapeReturnsFocus,
  expectFocusOn,
  expectFocusTrapped,
  expectFocusVisible,
  tabTo,
} from './support/keyboard';
import { balanceShows } from './support/wallet';

// Issue 8, item 7: axe-core finds no serious or critical violation on any screen, and a keyboard alone signs in,
// finds a stock, generates a prediction and adds funds. From the sign-in on, this file never touches the mouse:
// every step is page.keyboard, and the page counts pointer events to prove it.

/** The back-test behind Past Predictions fits the model at 20 past dates: allow for a slow machine. */
const BACKTEST_TIMEOUT_MS = 90_000;

let browser: Browser;
let pointerEvents: () => Promise<number>;
beforeAll(async () => {
  browser = await launchBrowser();
  pointerEvents = await countPointerEvents(browser.page);
});
afterAll(async () => {
  await browser?.close();
});

const appTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'StockSeer sections' }).getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('AAPL') });

/** From anywhere in the tab's content back to the app's tabs, then with the arrow keys to `name`. */
async function switchAppTab(page: Page, from: string, name: string, arrow: 'ArrowLeft' | 'ArrowRight') {
  await tabTo(page, appTab(page, from), { backwards: true });
  await page.keyboard.press(arrow);
  await expectFocusOn(appTab(page, name));
  await expect(appTab(page, name).getAttribute('aria-selected')).resolves.toBe('true');
}

describe('accessibility: axe on every screen, and a keyboard-only walk', () => {
  it('the public pages pass axe: landing, terms, privacy, contact and not-found', async () => {
    const { page } = browser;
    await page.goto(APP_URL);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();
    await expectAccessible(page, 'the landing page');
    for (const [path, heading] of [
      ['/terms', /Terms/],
      ['/privacy', /Privacy/],
      ['/contact', /Contact/],
      ['/no/such/page', SHELL_TEXT.notFoundTitle],
    ] as const) {
      await page.goto(`${APP_URL}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expectAccessible(page, path);
    }
  });

  it('keyboard: signs in through the test-account chooser, which traps focus and closes on Escape', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/auth`);
    const signIn = page.getByRole('button', { name: SHELL_TEXT.signInWithGoogle }).first();
    await tabTo(page, signIn);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const chooser = page.getByRole('dialog', { name: 'Choose a test Google account' });
    await chooser.waitFor();
    await expectAccessible(page, 'the test-account chooser');
    await expectFocusTrapped(page, chooser);
    await expectEscapeReturnsFocus(page, chooser, signIn);

    await page.keyboard.press('Enter');
    await tabTo(page, chooser.getByLabel('Or sign in as another e-mail'));
    await expectFocusVisible(page);
    await page.keyboard.type(uniqueEmail('keyboard'));
    await page.keyboard.press('Enter');
    await appTab(page, 'Predictions').waitFor();
    await expectAccessible(page, 'the Predictions tab with no stock picked');
  });

  it('keyboard: finds AAPL from "aap" with the arrow keys and generates a prediction', async () => {
    const { page } = browser;
    const search = page.getByRole('combobox', { name: STOCK_TEXT.searchLabel });
    await tabTo(page, search);
    await expectFocusVisible(page);
    await page.keyboard.type('aap');
    await page.getByRole('option', { name: /AAPL\s*Apple Inc\./ }).waitFor();
    await expectAccessible(page, 'the search suggestions');
    await page.keyboard.press('ArrowDown');
    const active = await search.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`).innerText()).resolves.toMatch(/^AAPL/);
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'AAPL quote' }).waitFor();
    await page
      .getByRole('img', { name: /AAPL closed at/ })
      .locator('canvas')
      .first()
      .waitFor();

    const generate = panel(page).getByRole('button', { name: PREDICTION_TEXT.generate });
    await tabTo(page, generate);
    await expectFocusVisible(page);
    await expectAccessible(page, 'the Predictions tab: AAPL card, chart and New Predictions');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: PREDICTION_TEXT.generated }).waitFor();
    await panel(page).getByRole('article').first().waitFor();
    // Focus stays on the button through "Generating...": the next Tab goes on from there, not from the top.
    await expectFocusOn(generate);
    await expectAccessible(page, 'a generated prediction and its toast');
    await screenshot(page, 'a11y-keyboard-generated');
  });

  it('keyboard: Past Predictions (arrow keys in the sub-tabs), History and Wallet pass axe', async () => {
    const { page } = browser;
    await tabTo(page, panel(page).getByRole('tab', { name: PREDICTION_TEXT.new }), { backwards: true });
    await page.keyboard.press('ArrowLeft');
    await expectFocusOn(panel(page).getByRole('tab', { name: PREDICTION_TEXT.past }));
    await expectFocusVisible(page);
    await panel(page)
      .getByText(/^Accuracy \d+\.\d%$/)
      .waitFor({ timeout: BACKTEST_TIMEOUT_MS });
    await expectAccessible(page, 'the Predictions tab: Past Predictions');

    await switchAppTab(page, 'Predictions', 'History', 'ArrowLeft');
    await expectFocusVisible(page);
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    await tabTo(page, page.getByLabel(HISTORY_TEXT.statusFilter));
    await expectFocusVisible(page);
    await expectAccessible(page, 'the History tab');

    await switchAppTab(page, 'History', 'Wallet', 'ArrowLeft');
    await balanceShows(page, WALLET_TEXT.available, '$0.00');
    await expectAccessible(page, 'the Wallet tab');
  });

  it('keyboard: adds $25 with the test card; the dialog traps focus and gives it back on closing', async () => {
    const { page } = browser;
    const addFunds = page.getByRole('button', { name: WALLET_TEXT.addFunds });
    await tabTo(page, addFunds);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: WALLET_TEXT.addFunds });
    const amount = dialog.getByLabel(ADD_FUNDS_TEXT.amountLabel);
    // The dialog opens on the amount: the first thing to do in it.
    await expectFocusOn(amount);
    await expectFocusVisible(page);
    await expectAccessible(page, 'the add-funds dialog: amount step');
    await expectFocusTrapped(page, dialog);
    await expectEscapeReturnsFocus(page, dialog, addFunds);

    await page.keyboard.press('Enter');
    await expectFocusOn(amount);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('25');
    await page.keyboard.press('Enter');
    // The amount step is gone: focus moves on to the card number.
    const cardNumber = dialog.getByLabel(ADD_FUNDS_TEXT.cardNumber);
    await expectFocusOn(cardNumber);
    await expectFocusVisible(page);
    await dialog.getByText('You are adding $25.00 to your wallet.').waitFor();
    await expectAccessible(page, 'the add-funds dialog: sandbox card step');
    await expectFocusTrapped(page, dialog);

    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, dialog.getByLabel(ADD_FUNDS_TEXT.expiry));
    await page.keyboard.type('12/34');
    await tabTo(page, dialog.getByLabel(ADD_FUNDS_TEXT.cvc));
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: ADD_FUNDS_TEXT.succeededTitle }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(addFunds);
    await balanceShows(page, WALLET_TEXT.available, '$25.00');
    await page.getByText('Stripe payment: $25.00').waitFor();
    await expectAccessible(page, 'the Wallet tab after a deposit, with its toast');
    await screenshot(page, 'a11y-keyboard-funded');
  });

  it('keyboard: the account menu opens on its item and Escape gives focus back to its button', async () => {
    const { page } = browser;
    const menuButton = page.getByRole('button', { name: /Account menu/ });
    await tabTo(page, menuButton, { backwards: true });
    await page.keyboard.press('Enter');
    await expectFocusOn(page.getByRole('menuitem', { name: 'Sign out' }));
    await expectFocusVisible(page);
    await expectAccessible(page, 'the account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectFocusOn(menuButton);
  });

  it('used no mouse, touch or pen at any step', async () => {
    await expect(pointerEvents()).resolves.toBe(0);
  });
});
