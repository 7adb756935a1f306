import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { HISTORY_TEXT } from '../web/src/features/history/messages';
import { ADMIN_TEXT } from '../web/src/features/admin/messages';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { APP_URL, launchBrowser, screenshot, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

// Issue 15, done when: no screen scrolls sideways on a 320 px or a 390 px wide phone. Every screen is opened at both
// widths and the document's scrollWidth must not pass the viewport's width.

const WIDTHS = [320, 390] as const;

/** Opens a screen; resolves when what it shows is on the page. */
type Screen = readonly [name: string, open: (page: Page) => Promise<void>];

const SIGNED_OUT: Screen[] = [
  ['landing', (page) => goAndSee(page, '/auth', page.getByRole('heading', { name: '5 free predictions every month' }))],
  ['terms', (page) => goAndSee(page, '/terms', page.getByRole('heading', { level: 1 }))],
  ['privacy', (page) => goAndSee(page, '/privacy', page.getByRole('heading', { level: 1 }))],
  ['contact', (page) => goAndSee(page, '/contact', page.getByRole('heading', { level: 1 }))],
  ['not found', (page) => goAndSee(page, '/no-such-page', page.getByText('404 Page Not Found'))],
  ['signed-out wallet', (page) => goAndSee(page, '/wallet', page.getByText(WALLET_TEXT.signedOut))],
  [
    'sign-in chooser',
    async (page) => {
      await goAndSee(page, '/auth', page.getByRole('button', { name: 'Sign in with Google' }).first());
      await page.getByRole('button', { name: 'Sign in with Google' }).first().click();
      await page.getByRole('dialog', { name: 'Choose a test Google account' }).waitFor();
    },
  ],
];

const SIGNED_IN: Screen[] = [
  [
    'predictions with a stock',
    async (page) => {
      await openTab(page, 'Predictions');
      const search = page.getByRole('combobox');
      await search.fill('AAPL');
      await page.getByRole('option', { name: /AAPL/ }).first().click();
      await page.getByRole('heading', { name: /AAPL/ }).first().waitFor();
      await page.getByRole('button', { name: 'Generate Prediction' }).waitFor();
      // Measured with the quote and the chart drawn, not their loading texts.
      await page.getByText(STOCK_TEXT.loadingPrice).waitFor({ state: 'detached' });
      await page.getByText(STOCK_TEXT.loadingChart).waitFor({ state: 'detached' });
    },
  ],
  [
    'wallet',
    async (page) => {
      await openTab(page, 'Wallet');
      await page.getByRole('heading', { name: WALLET_TEXT.history }).waitFor();
    },
  ],
  [
    'add funds dialog',
    async (page) => {
      await openTab(page, 'Wallet');
      await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
      await page.getByLabel(ADD_FUNDS_TEXT.amountLabel).waitFor();
    },
  ],
  [
    'add funds payment step',
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
    'user menu',
    async (page) => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    },
  ],
];

let browser: Browser | undefined;

beforeAll(async () => {
  // A prediction, so History, the admin tables and Payment History have rows to lay out (402: the admin's free ones
  // are used up, so it has made some already).
  const { idToken } = await emulatorSignIn(DEMO_ADMIN);
  const made = await apiCall('/api/predictions/generate', {
    token: idToken,
    body: { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' },
  });
  expect([200, 402, 409]).toContain(made.status);
});
afterAll(async () => browser?.close());

async function goAndSee(page: Page, path: string, shown: ReturnType<Page['getByText']>) {
  await page.goto(`${APP_URL}${path}`);
  await shown.first().waitFor();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

/**
 * How far the page reaches past the viewport's right edge, the first elements that do, and boxes whose content is cut
 * off sideways (the chart's canvas, drawn to its box, is left out). Read over the DevTools
 * protocol: Playwright's own evaluate goes through eval in the page, which the app's CSP (rightly) refuses.
 */
async function overflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  const devtools = await page.context().newCDPSession(page);
  const expression = `(() => {
    const width = document.documentElement.clientWidth;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className);
    // Content cut off inside a box that scrolls or clips sideways (a tab row, a table) is hidden all the same.
    const clipped = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX))
      .filter((el) => !el.closest('.price-chart'))
      .slice(0, 5)
      .map((el) => 'clipped ' + el.tagName.toLowerCase() + '.' + el.className);
    culprits.push(...clipped);
    return { excess: document.documentElement.scrollWidth - width, culprits };
  })()`;
  const { result } = await devtools.send('Runtime.evaluate', { expression, returnByValue: true });
  await devtools.detach();
  return result.value as { excess: number; culprits: string[] };
}

describe.each(WIDTHS)('at %i px wide', (width) => {
  it('no screen scrolls sideways, signed out and signed in', async () => {
    // A fresh profile per width: the signed-out screens need a browser that has never signed in.
    await browser?.close();
    browser = await launchBrowser();
    const { page } = browser;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${APP_URL}/auth`);
    const measured: Record<string, { excess: number; culprits: string[] }> = {};
    for (const [name, open] of SIGNED_OUT) {
      await open(page);
      measured[name] = await overflow(page);
      await screenshot(page, `phone-${width}-${name.replaceAll(' ', '-')}`);
    }
    await page.keyboard.press('Escape');
    await signInWithChooser(page, 'admin');
    for (const [name, open] of SIGNED_IN) {
      await open(page);
      measured[name] = await overflow(page);
      await screenshot(page, `phone-${width}-${name.replaceAll(' ', '-')}`);
    }
    await page.keyboard.press('Escape');
    for (const [name, { excess, culprits }] of Object.entries(measured)) {
      expect({ name, excess, culprits }).toEqual({ name, excess: 0, culprits: [] });
    }
  });
});
