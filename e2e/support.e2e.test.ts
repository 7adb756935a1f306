import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_TEXT } from '../web/src/features/admin/messages';
import { ACTION_LABELS, ACTIVITY_TEXT, CUSTOMER_TEXT } from '../web/src/features/admin/support/supportText';
import { TRANSACTION_LABELS, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { balanceReaches, paidTopUp } from '../functions/test/payments.testkit';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { expectAccessible } from '../tools/testing/axe';
import { APP_URL, atWidths, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { balanceShows, historyLines } from './support/wallet';

/**
 * Issue 26, done when: an admin credits and refunds a user and sees both in Activity and in the user's statement,
 * and the user's Wallet tab shows the courtesy credit and the refund. Screenshots of the user's page, each support
 * action's confirmation and Activity, at 1280, 390 and 320 px wide.
 */
const email = uniqueEmail('support');
let admin: Browser;
let investor: Browser;
let uid: string;
let paymentIntentId: string;

beforeAll(async () => {
  const account = await emulatorSignIn({ email, displayName: 'Grace Support' });
  uid = account.uid;
  expect((await apiCall('/api/me', { token: account.idToken, body: {} })).status).toBe(200);
  paymentIntentId = await paidTopUp(account.idToken, 20);
  await balanceReaches(uid, 2000);
  [admin, investor] = await Promise.all([launchBrowser(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all([admin?.close(), investor?.close()]);
});

/** Screenshots of the whole page at each width (a dialog: the viewport, with its backdrop), back to 1280 after. */
const atEveryWidth = (page: Page, name: string, { fullPage = true } = {}) =>
  atWidths(page, `support-${name}`, undefined, { fullPage });

/** Opens an action's dialog, fills its amount (if any) and reason, continues, and screenshots the confirmation. */
async function confirmAction(page: Page, trigger: string, name: string, fill: { amount?: [string, string] }) {
  await page.getByRole('button', { name: trigger }).click();
  const dialog = page.getByRole('dialog');
  if (fill.amount) await dialog.getByLabel(fill.amount[0]).fill(fill.amount[1]);
  await dialog.getByLabel(CUSTOMER_TEXT.reason).fill(`e2e: ${name}`);
  await dialog.getByRole('button', { name: CUSTOMER_TEXT.continue }).click();
  await atEveryWidth(page, `${name}-confirmation`, { fullPage: false });
  return dialog;
}

const statementRow = (page: Page, text: string) =>
  page.getByRole('table', { name: CUSTOMER_TEXT.statementTitle }).locator('tbody tr', { hasText: text });

describe('support: an admin credits and refunds a user', () => {
  it("reaches the user's page from Users, credits $2.50 and refunds $5.00, and sees both in the statement", async () => {
    const { page } = admin;
    await signInWithChooser(page, 'admin');
    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByLabel(ADMIN_TEXT.usersSearch).fill(email);
    const users = page.getByRole('table', { name: ADMIN_TEXT.usersTitle });
    await users.getByRole('link', { name: 'Grace Support' }).click();
    await page.waitForURL(`${APP_URL}/admin/users/${uid}`);
    await page.getByRole('heading', { name: 'Grace Support' }).waitFor();
    await page.getByRole('table', { name: CUSTOMER_TEXT.paymentsTitle }).getByText(paymentIntentId).waitFor();
    await statementRow(page, 'Stripe payment: $20.00').waitFor();
    await expectAccessible(page, 'user page');
    await atEveryWidth(page, 'user-page');

    const credit = await confirmAction(page, CUSTOMER_TEXT.credit, 'credit', {
      amount: [CUSTOMER_TEXT.creditAmount, '2.50'],
    });
    await expect(credit.innerText()).resolves.toContain(CUSTOMER_TEXT.creditConfirm(250, email));
    await credit.getByRole('button', { name: CUSTOMER_TEXT.creditButton(250) }).click();
    await page.getByText(CUSTOMER_TEXT.credited(250, email)).waitFor();

    const refund = await confirmAction(page, CUSTOMER_TEXT.refundLabel(paymentIntentId), 'refund', {
      amount: [CUSTOMER_TEXT.refundAmount(2000), '5'],
    });
    await expect(refund.innerText()).resolves.toContain(CUSTOMER_TEXT.refundConfirm(500, paymentIntentId, email));
    await refund.getByRole('button', { name: CUSTOMER_TEXT.refundButton(500) }).click();
    await page.getByText(CUSTOMER_TEXT.refundedDone(500, email)).waitFor();

    // Sign out everywhere: its confirmation, then back out of it (the investor signs in below).
    const signOut = await confirmAction(page, CUSTOMER_TEXT.signOut, 'sign-out', {});
    await expect(signOut.innerText()).resolves.toContain(CUSTOMER_TEXT.signOutConfirm(email, false));
    await page.keyboard.press('Escape');

    await statementRow(page, 'Courtesy credit from StockSeer: $2.50').waitFor();
    await statementRow(page, 'Refund of Stripe payment: $5.00').waitFor();
    const wallet = page.getByRole('region', { name: CUSTOMER_TEXT.walletTitle });
    await wallet.getByText('$17.50').waitFor();
    await atEveryWidth(page, 'user-page-after');
  });

  it('sees both in Activity, newest first, with who, what and why', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: CUSTOMER_TEXT.back }).click();
    const activity = page.getByRole('region', { name: ACTIVITY_TEXT.title, exact: true });
    await activity.getByLabel(ACTIVITY_TEXT.target).fill(uid);
    const rows = activity.getByRole('table', { name: ACTIVITY_TEXT.title }).locator('tbody tr');
    // What was listed before shows first, until the filtered list comes: wait for the user's two entries alone.
    await expect
      .poll(() => rows.allInnerTexts(), { timeout: 20_000 })
      .toEqual([expect.stringContaining(ACTION_LABELS.refund), expect.stringContaining(ACTION_LABELS.courtesy_credit)]);
    for (const row of await rows.allInnerTexts()) expect(row).toContain(email);
    await expect(rows.first().innerText()).resolves.toContain('e2e: refund');
    await expect(rows.nth(1).innerText()).resolves.toContain('$2.50');
    await activity.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'activity');
    await atEveryWidth(page, 'activity');
  });

  it("shows the user the courtesy credit and the refund in their Wallet tab's statement", async () => {
    const { page } = investor;
    await signInWithChooser(page, { email });
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await balanceShows(page, WALLET_TEXT.available, '$17.50');
    const credit = historyLines(page).filter({ hasText: 'Courtesy credit from StockSeer: $2.50' });
    await expect(credit.innerText()).resolves.toContain(TRANSACTION_LABELS.credit);
    await expect(credit.locator('td').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['+$2.50']));
    const refund = historyLines(page).filter({ hasText: 'Refund of Stripe payment: $5.00' });
    await expect(refund.innerText()).resolves.toContain(TRANSACTION_LABELS.top_up_refund);
    await atEveryWidth(page, 'user-wallet');
  });
});
