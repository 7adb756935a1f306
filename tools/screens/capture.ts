/**
 * Full-page screenshots of every screen, signed out and signed in as the demo admin, at desktop (1280x800) and phone
 * (390x844) width, into .screens/LABEL/. Run it against a stack before and after a change that must not change how
 * anything looks, then compare the two folders with tools/screens/compare.ts:
 *   STACK_PORT_OFFSET=N npx tsx tools/stack/main.ts exec -- npx tsx tools/screens/capture.ts before
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { emulatorSignIn } from '../lib/emulatorSignIn';
import { apiCall } from '../testing/api';
import { APP_URL, launchBrowser } from '../../e2e/support/browser';
import { signInWithChooser } from '../../e2e/support/signIn';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../../web/src/features/wallet/messages';
import { HISTORY_TEXT } from '../../web/src/features/history/messages';
import { ADMIN_TEXT } from '../../web/src/features/admin/messages';
import { STOCK_TEXT } from '../../web/src/features/stocks/messages';
import { PREDICTION_TEXT } from '../../web/src/features/predictions/messages';

const label = process.argv[2];
if (!label) throw new Error('usage: capture.ts LABEL (the folder under .screens/)');
const OUT = path.resolve(import.meta.dirname, '../../.screens', label);
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Opens a screen; resolves when what it shows is on the page. */
type Screen = readonly [name: string, open: (page: Page) => Promise<void>];

const goAndSee = async (page: Page, where: string, shown: ReturnType<Page['getByText']>) => {
  await page.goto(`${APP_URL}${where}`);
  await shown.first().waitFor();
};
const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

const SIGNED_OUT: Screen[] = [
  ['landing', (page) => goAndSee(page, '/auth', page.getByRole('heading', { name: '5 free predictions every month' }))],
  [
    'sign-in-chooser',
    async (page) => {
      await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
      await page.getByRole('dialog', { name: 'Choose a test Google account' }).waitFor();
    },
  ],
  ['terms', (page) => goAndSee(page, '/terms', page.getByRole('heading', { level: 1 }))],
  ['privacy', (page) => goAndSee(page, '/privacy', page.getByRole('heading', { level: 1 }))],
  ['contact', (page) => goAndSee(page, '/contact', page.getByRole('heading', { level: 1 }))],
  ['not-found', (page) => goAndSee(page, '/no-such-page', page.getByText('404 Page Not Found'))],
  ['signed-out-wallet', (page) => goAndSee(page, '/wallet', page.getByText(WALLET_TEXT.signedOut))],
];

const SIGNED_IN: Screen[] = [
  [
    'stock-chart-new-prediction',
    async (page) => {
      await openTab(page, 'Predictions');
      await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
      await page.getByRole('option', { name: /AAPL/ }).first().click();
      await page.getByRole('heading', { name: /AAPL/ }).first().waitFor();
      await page.getByRole('button', { name: 'Generate Prediction' }).waitFor();
      await page.getByText(STOCK_TEXT.loadingPrice).waitFor({ state: 'detached' });
      await page.getByText(STOCK_TEXT.loadingChart).waitFor({ state: 'detached' });
    },
  ],
  [
    'past-prediction-cards',
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
    'add-funds',
    async (page) => {
      await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
      await page.getByLabel(ADD_FUNDS_TEXT.amountLabel).waitFor();
    },
  ],
  [
    'add-funds-payment',
    async (page) => {
      await page.getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
      await page.getByLabel(ADD_FUNDS_TEXT.cardNumber).waitFor();
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
    'admin-user-predictions',
    async (page) => {
      await page.getByLabel(ADMIN_TEXT.userFilter, { exact: true }).selectOption({ label: DEMO_ADMIN.email });
      await page.getByRole('table', { name: ADMIN_TEXT.predictionsTitle }).getByRole('row').nth(1).waitFor();
    },
  ],
  [
    'user-menu',
    async (page) => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    },
  ],
  ['contact-signed-in', (page) => goAndSee(page, '/contact', page.getByRole('heading', { level: 1 }))],
];

async function shoot(page: Page, name: string) {
  // Settled: no request in flight, and no caret or animation caught half-way.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({
    path: path.join(OUT, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    // Toasts come and go with the timing of a run, not with how the screen is laid out.
    style: '.toast-viewport { visibility: hidden; }',
  });
}

/** A screen that fails to open is reported and left out; the others are still taken. */
async function openAndShoot(page: Page, name: string, open: Screen[1]) {
  try {
    await open(page);
    await shoot(page, name);
  } catch (err) {
    process.exitCode = 1;
    console.error(`[screens] ${name} not taken: ${(err as Error).message.split('\n')[0]}`);
  }
}

// A prediction of AAPL, so the stock's panel shows a card and the tables have rows (402/409: there is one already).
const { idToken } = await emulatorSignIn(DEMO_ADMIN);
const made = await apiCall('/api/predictions/generate', {
  token: idToken,
  body: { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' },
});
if (![200, 402, 409].includes(made.status)) throw new Error(`generate answered ${made.status}`);

mkdirSync(OUT, { recursive: true });
for (const [size, viewport] of Object.entries(SIZES)) {
  const browser = await launchBrowser();
  const { page } = browser;
  // A loaded machine (three stacks at once) can take a while: patience rather than a missing screen.
  page.setDefaultTimeout(90_000);
  await page.setViewportSize(viewport);
  for (const [name, open] of SIGNED_OUT) await openAndShoot(page, `${size}-out-${name}`, open);
  await page.keyboard.press('Escape');
  await signInWithChooser(page, 'admin');
  for (const [name, open] of SIGNED_IN) await openAndShoot(page, `${size}-in-${name}`, open);
  await browser.close();
  console.log(`[screens] ${size}: ${SIGNED_OUT.length + SIGNED_IN.length} screens in ${OUT}`);
}
