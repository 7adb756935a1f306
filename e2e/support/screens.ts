import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { ACCOUNT_TEXT, CLOSE_TEXT } from '../../web/src/features/account/messages';
import { ADMIN_TEXT } from '../../web/src/features/admin/messages';
import { OVERVIEW_TEXT } from '../../web/src/features/admin/overview/overviewText';
import { ACTIVITY_TEXT, CUSTOMER_TEXT } from '../../web/src/features/admin/support/supportText';
import { HISTORY_TEXT } from '../../web/src/features/history/messages';
import { PREDICTION_TEXT } from '../../web/src/features/predictions/messages';
import { STOCK_TEXT } from '../../web/src/features/stocks/messages';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../../web/src/features/wallet/messages';
import { emulatorSignIn } from '../../tools/lib/emulatorSignIn';
import { apiCall } from '../../tools/testing/api';
import { APP_URL } from './browser';

/**
 * Every screen of the app, in an order that opens each from the one before: signed out, then signed in as the demo
 * admin. The phone-width test measures them all; tools/screens/capture.ts takes their pictures.
 */

/** Opens a screen; resolves when what it shows is on the page. */
export type Screen = readonly [name: string, open: (page: Page) => Promise<void>];

async function goAndSee(page: Page, where: string, shown: ReturnType<Page['getByText']>) {
  await page.goto(`${APP_URL}${where}`);
  await shown.first().waitFor();
}

const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

export const SIGNED_OUT_SCREENS: readonly Screen[] = [
  ['landing', (page) => goAndSee(page, '/auth', page.getByRole('heading', { name: '5 free predictions every month' }))],
  [
    'sign-in chooser',
    async (page) => {
      await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
      await page.getByRole('dialog', { name: 'Choose a test Google account' }).waitFor();
    },
  ],
  ['terms', (page) => goAndSee(page, '/terms', page.getByRole('heading', { level: 1 }))],
  ['privacy', (page) => goAndSee(page, '/privacy', page.getByRole('heading', { level: 1 }))],
  ['contact', (page) => goAndSee(page, '/contact', page.getByRole('heading', { level: 1 }))],
  ['track record', (page) => goAndSee(page, '/track-record', page.getByRole('heading', { name: 'Short (7 days)' }))],
  ['not found', (page) => goAndSee(page, '/no-such-page', page.getByText('404 Page Not Found'))],
  ['signed-out wallet', (page) => goAndSee(page, '/wallet', page.getByText(WALLET_TEXT.signedOut))],
];

export const SIGNED_IN_SCREENS: readonly Screen[] = [
  [
    'stock chart new prediction',
    async (page) => {
      await openTab(page, 'Predictions');
      await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
      await page.getByRole('option', { name: /AAPL/ }).first().click();
      await page.getByRole('heading', { name: /AAPL/ }).first().waitFor();
      await page.getByRole('button', { name: PREDICTION_TEXT.generate }).waitFor();
      // With the quote and the chart drawn, not their loading texts.
      await page.getByText(STOCK_TEXT.loadingPrice).waitFor({ state: 'detached' });
      await page.getByText(STOCK_TEXT.loadingChart).waitFor({ state: 'detached' });
    },
  ],
  [
    'past prediction cards',
    async (page) => {
      await page.getByRole('tab', { name: PREDICTION_TEXT.past, exact: true }).click();
      await page.getByRole('article').first().waitFor();
    },
  ],
  [
    'wallet',
    async (page) => {
      await openTab(page, 'Wallet');
      await page.getByRole('heading', { name: WALLET_TEXT.history }).waitFor();
      // Loaded: the balances read amounts, and Payment History lists its lines.
      await page.locator('.balance-value', { hasText: '$' }).first().waitFor();
      await page.locator('.payment-history p', { hasText: '…' }).waitFor({ state: 'detached' });
    },
  ],
  [
    'add funds',
    async (page) => {
      await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
      await page.getByLabel(ADD_FUNDS_TEXT.amountLabel).waitFor();
    },
  ],
  [
    'add funds payment',
    async (page) => {
      await page.getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
      await page.getByLabel(ADD_FUNDS_TEXT.cardNumber).waitFor();
    },
  ],
  [
    'close account',
    async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: ACCOUNT_TEXT.closeButton }).click();
      // What closing would do, loaded: its first heading replaces the loading text.
      await page.getByRole('dialog', { name: CLOSE_TEXT.dialogTitle }).getByRole('heading').first().waitFor();
    },
  ],
  [
    'history',
    async (page) => {
      await page.keyboard.press('Escape');
      await openTab(page, 'History');
      await page.getByRole('table', { name: HISTORY_TEXT.title }).getByRole('row').nth(1).waitFor();
    },
  ],
  [
    'admin',
    async (page) => {
      await openTab(page, 'Admin');
      await page.getByRole('button', { name: ADMIN_TEXT.update }).first().waitFor();
      await page.getByRole('table', { name: ADMIN_TEXT.predictionsTitle }).getByRole('row').nth(1).waitFor();
      await page.getByRole('table', { name: ADMIN_TEXT.usersTitle }).getByRole('row').nth(1).waitFor();
    },
  ],
  [
    'admin user predictions',
    async (page) => {
      await page.getByLabel(ADMIN_TEXT.userFilter, { exact: true }).selectOption({ label: DEMO_ADMIN.email });
      await page.getByRole('table', { name: ADMIN_TEXT.predictionsTitle }).getByRole('row').nth(1).waitFor();
    },
  ],
  [
    'admin user page',
    async (page) => {
      await page.getByRole('table', { name: ADMIN_TEXT.usersTitle }).getByRole('link').first().click();
      await page.getByRole('table', { name: CUSTOMER_TEXT.statementTitle }).waitFor();
      await page.getByRole('table', { name: ACTIVITY_TEXT.title }).waitFor();
    },
  ],
  [
    'admin activity',
    async (page) => {
      await page.getByRole('link', { name: CUSTOMER_TEXT.back }).click();
      await page.getByRole('table', { name: ACTIVITY_TEXT.title }).getByRole('row').nth(1).waitFor();
    },
  ],
  [
    'admin overview',
    async (page) => {
      await openTab(page, OVERVIEW_TEXT.overview);
      await page.getByRole('heading', { name: OVERVIEW_TEXT.title }).waitFor();
      await page
        .getByRole('img', { name: /^Money:/ })
        .or(page.getByText(OVERVIEW_TEXT.empty))
        .waitFor();
    },
  ],
  [
    'user menu',
    async (page) => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    },
  ],
  ['contact signed in', (page) => goAndSee(page, '/contact', page.getByRole('heading', { level: 1 }))],
];

/**
 * A prediction of AAPL by the demo admin, so the stock's panel, History, the admin tables and Payment History have
 * rows to lay out. 402: the admin's free ones are used up, so it has made some already; 409: one is being made.
 */
export async function makeAdminPrediction(): Promise<number> {
  const { idToken } = await emulatorSignIn(DEMO_ADMIN);
  const made = await apiCall('/api/predictions/generate', {
    token: idToken,
    body: { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' },
  });
  return made.status;
}
