import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HISTORY_TEXT } from '../web/src/features/history/messages';
import { CUSTOMER_TEXT } from '../web/src/features/admin/support/supportText';
import { balanceReaches, paidTopUp } from '../functions/test/payments.testkit';
import { adminSdk } from '../tools/lib/adminSdk';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { APP_URL, atWidths, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

/**
 * Screens that say what is true: an empty History says there are no predictions yet (no filter is to blame), an
 * empty support amount asks for an amount, and the refund dialog offers what can be refunded now. Screenshots of
 * each at 1280, 390 and 320 px.
 */
const { db } = adminSdk();
const email = uniqueEmail('true-states');
let browser: Browser;
let uid: string;
let token: string;
let paymentIntentId: string;

beforeAll(async () => {
  ({ uid, idToken: token } = await emulatorSignIn({ email, displayName: 'Tess True' }));
  expect((await apiCall('/api/me', { token, body: {} })).status).toBe(200);
  paymentIntentId = await paidTopUp(token, 20);
  await balanceReaches(uid, 2000);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dialogAtWidths = (page: Page, name: string) => atWidths(page, `true-states-${name}`);

describe('states that say what is true', () => {
  it('an empty History says there are no predictions yet', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email });
    await page.getByRole('tab', { name: 'History' }).click();
    const table = page.getByRole('table', { name: HISTORY_TEXT.title });
    await table.getByText(HISTORY_TEXT.noneYet).waitFor();
    await expect(table.getByText(HISTORY_TEXT.empty).count()).resolves.toBe(0);
    await atWidths(page, 'true-states-history-empty', undefined, { fullPage: true });
  });

  it('a courtesy credit without an amount asks for one', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${APP_URL}/auth`);
    await signInWithChooser(page, 'admin');
    await page.goto(`${APP_URL}/admin/users/${uid}`);
    await page.getByRole('heading', { name: 'Tess True' }).waitFor();
    await page.getByRole('button', { name: CUSTOMER_TEXT.credit }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(CUSTOMER_TEXT.reason).fill('e2e: no amount');
    await dialog.getByRole('button', { name: CUSTOMER_TEXT.continue }).click();
    await expect(dialog.getByRole('alert').innerText()).resolves.toBe(CUSTOMER_TEXT.amountMissing);
    await dialogAtWidths(page, 'credit-no-amount');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the refund dialog offers what can be refunded now: no more than Available', async () => {
    const { page } = browser;
    // $1.00 of the $20.00 top-up is reserved by a paid forecast: $19.00 can go back.
    await db.collection('wallets').doc(uid).update({ freePredictions: 0 });
    const made = await apiCall('/api/predictions/generate', {
      token,
      body: { symbol: 'KO', modelId: 'recommended', timeFrame: 'short' },
    });
    expect(made.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Tess True' }).waitFor();
    await page.getByRole('button', { name: CUSTOMER_TEXT.refundLabel(paymentIntentId) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(CUSTOMER_TEXT.refundAmount(1900)).inputValue()).resolves.toBe('19.00');
    await dialogAtWidths(page, 'refund-default');
    await dialog.getByLabel(CUSTOMER_TEXT.reason).fill('e2e: refund what can go back');
    await dialog.getByRole('button', { name: CUSTOMER_TEXT.continue }).click();
    await dialog.getByRole('button', { name: CUSTOMER_TEXT.refundButton(1900) }).click();
    await page.getByText(CUSTOMER_TEXT.refundedDone(1900, email)).waitFor();
  }, 150_000);
});
