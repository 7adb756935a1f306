import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AccountExport } from '@stockseer/contract';
import { ACCOUNT_TEXT, CLOSE_TEXT } from '../web/src/features/account/messages';
import { WALLET_TEXT } from '../web/src/features/wallet/messages';
import { db, paidTopUp, stripe } from '../functions/test/payments.testkit';
import { DEMO_ADMIN } from '@stockseer/contract/testAccounts';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { APP_URL, atWidths, launchBrowser, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { availableAfterReload, balanceShows, historyLines } from './support/wallet';

/**
 * "Download my data" and closing an account (docs/product.md#closing-an-account) in the browser: a user with two
 * top-ups paid by card downloads their data as JSON and CSV, is given a courtesy credit, then closes the account:
 * what will happen (the credit not refunded among it), the typed confirmation, the final word, signed out. Screenshots of each at 1280, 390 and 320 px.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

describe('my account', () => {
  it('downloads my data as JSON and CSV, then closes: what happens, the typed confirmation, the refund, the credit forfeited, signed out', async () => {
    const { page } = browser;
    const email = uniqueEmail('closure');
    await signInWithChooser(page, { email });
    await page.getByRole('tab', { name: 'Wallet' }).click();
    const { uid, idToken } = await emulatorSignIn({ email, displayName: email.split('@')[0]! });
    const older = await paidTopUp(idToken, 20);
    await availableAfterReload(page, '$20.00');
    const newer = await paidTopUp(idToken, 10);
    await availableAfterReload(page, '$30.00');

    const card = page.getByRole('region', { name: ACCOUNT_TEXT.title });
    await atWidths(page, 'account-card', () => card.scrollIntoViewIfNeeded());

    const json = await downloaded(page, ACCOUNT_TEXT.downloadJson);
    expect(json.name).toMatch(/^stockseer-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = AccountExport.parse(JSON.parse(json.text));
    expect(data.profile?.email).toBe(email);
    expect(data.wallet?.balance).toBe(3000);
    expect(data.payments.map((p) => [p.paymentIntentId, p.amountCents])).toEqual([
      [newer, 1000],
      [older, 2000],
    ]);
    expect(data.statement.map((t) => t.id)).toEqual([`deposit:${newer}`, `deposit:${older}`]);
    const csv = await downloaded(page, ACCOUNT_TEXT.downloadCsv);
    expect(csv.name).toMatch(/^stockseer-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csv.text.split('\r\n');
    expect(rows.slice(0, 3)).toEqual([
      'Profile',
      'Name,E-mail,Member since,Available,Reserved,Charged,Free predictions left',
      expect.stringContaining(`,${email},`),
    ]);
    expect(rows).toEqual(expect.arrayContaining([`${newer},${data.payments[0]!.date},10.00,0.00,0.00,10.00`]));

    // A courtesy credit from support: no card can take it back, so closing forfeits it, and says so before the click.
    const admin = (await emulatorSignIn(DEMO_ADMIN)).idToken;
    const credited = await apiCall(`/api/admin/users/${uid}/credits`, {
      token: admin,
      body: { amountCents: 250, reason: 'sorry for the outage' },
      headers: { 'Idempotency-Key': `closure-e2e-${uid}` },
    });
    expect(credited.status).toBe(200);

    await card.getByRole('button', { name: ACCOUNT_TEXT.closeButton }).click();
    const dialog = page.getByRole('dialog', { name: CLOSE_TEXT.dialogTitle });
    await dialog.getByRole('heading', { name: CLOSE_TEXT.refundHeading(3000) }).waitFor();
    await expect(dialog.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^\$10\.00 of your \$10\.00 top-up of /),
      expect.stringMatching(/^\$20\.00 of your \$20\.00 top-up of /),
    ]);
    await dialog
      .getByText('$2.50 of courtesy credit is not refunded: it came from StockSeer, not from your card.')
      .waitFor();
    await atWidths(page, 'close-account-review', () => dialog.waitFor());

    await dialog.getByLabel(CLOSE_TEXT.confirmLabel).fill('CLOSE');
    await atWidths(page, 'close-account-confirm', () => dialog.waitFor());
    await dialog.getByRole('button', { name: CLOSE_TEXT.confirm }).click();

    const done = page.getByRole('dialog', { name: CLOSE_TEXT.doneTitle });
    await done.getByText(CLOSE_TEXT.doneRefund(3000)).waitFor({ timeout: 30_000 });
    // Behind the final word, the Wallet tab no longer shows the closed account's money as if it were still there.
    await balanceShows(page, WALLET_TEXT.available, '…');
    await expect(historyLines(page).count()).resolves.toBe(0);
    await atWidths(page, 'close-account-done', () => done.waitFor());
    await done.getByRole('button', { name: CLOSE_TEXT.signOut }).click();
    await page.waitForURL(`${APP_URL}/auth`);
    await page.getByRole('heading', { name: '5 free predictions every month' }).waitFor();

    const [refundsOfNewer, refundsOfOlder] = await Promise.all(
      [newer, older].map(async (id) => (await stripe.refunds.list({ payment_intent: id })).data.map((r) => r.amount)),
    );
    expect([refundsOfNewer, refundsOfOlder]).toEqual([[1000], [2000]]);
    const forfeited = (await db.collection('transactions').doc(`forfeit:${uid}`).get()).data();
    expect(forfeited).toMatchObject({ type: 'forfeiture', amount: 250, walletId: uid });
    expect((await db.collection('users').doc(uid).get()).exists).toBe(false);
    expect((await db.collection('wallets').doc(uid).get()).exists).toBe(false);
  });
});
