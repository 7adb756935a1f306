import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOwesMessage } from '@stockseer/contract';
import { TRANSACTION_LABELS, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { ALERTS_TEXT } from '../web/src/features/admin/alertsText';
import { ADMIN_TEXT } from '../web/src/features/admin/messages';
import { db, paidTopUp, sign, stripe, succeededEvent } from '../functions/test/payments.testkit';
import { emulatorSignIn } from '../tools/lib/emulatorSignIn';
import { apiCall } from '../tools/testing/api';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser, signOutFromMenu } from './support/signIn';
import { availableAfterReload, balanceShows, historyLines } from './support/wallet';

/**
 * Money after the payment (issue 14) in the browser: a top-up paid with the sandbox card form, spent in part, then
 * refunded by Stripe, shows as a refund in Payment History and as a wallet below zero.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a refund after the money was spent', () => {
  it('shows the refund in Payment History and the wallet below zero, in words and in red', async () => {
    const { page } = browser;
    const email = uniqueEmail('refund');
    await signInWithChooser(page, { email });
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await balanceShows(page, WALLET_TEXT.available, '$0.00');

    // The same account through the API: a $5 top-up paid with the test card, then $1 reserved by a paid forecast.
    const { uid, idToken } = await emulatorSignIn({ email, displayName: email.split('@')[0]! });
    const paymentIntentId = await paidTopUp(idToken, 5);
    await availableAfterReload(page, '$5.00');
    await db.collection('wallets').doc(uid).update({ freePredictions: 0 });
    const generated = await apiCall('/api/predictions/generate', {
      token: idToken,
      body: { symbol: 'AAPL', modelId: 'recommended', timeFrame: 'short' },
    });
    expect(generated.status).toBe(200);

    await stripe.refunds.create({ payment_intent: paymentIntentId });
    await availableAfterReload(page, '-$1.00');
    const notice = page.getByRole('status').filter({ hasText: WALLET_TEXT.owesTitle });
    await expect(notice.innerText()).resolves.toContain(walletOwesMessage(100));
    const refund = historyLines(page).filter({ hasText: 'Refund of Stripe payment: $5.00' });
    await expect(refund.innerText()).resolves.toContain(TRANSACTION_LABELS.top_up_refund);
    // Out of Available, and the Available balance after it below zero.
    await expect(refund.locator('td').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['−$5.00', '-$1.00']));
    await screenshot(page, 'wallet-refund-below-zero');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'wallet-refund-below-zero-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});

describe('payment alerts', () => {
  it('show a signed event that could never be credited in the Admin tab', async () => {
    const { page } = browser;
    // An event signed with the webhook secret for a PaymentIntent Stripe does not have: it credits no one.
    const payload = succeededEvent('anyone', 1000);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const answer = await fetch(`${APP_URL}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload) },
      body: payload,
    });
    expect(answer.status).toBe(200);
    await signOutFromMenu(page);
    await signInWithChooser(page, 'admin');
    await page.getByRole('tab', { name: 'Admin' }).click();
    const alerts = page.getByRole('list', { name: ALERTS_TEXT.title });
    await alerts.waitFor();
    // Newest first by the stack's clock, which other files move: on a shared stack this alert may be pages down.
    const card = page.locator('section', { has: alerts }).last();
    const loadMore = card.getByRole('button', { name: ADMIN_TEXT.loadMore });
    while ((await alerts.getByText(eventId).count()) === 0 && (await loadMore.count()) > 0) {
      await loadMore.click();
      await card.getByRole('button', { name: ADMIN_TEXT.loadingMore }).waitFor({ state: 'detached' });
    }
    await alerts.getByText(eventId).waitFor();
    const paymentIntentId = (JSON.parse(payload) as { data: { object: { id: string } } }).data.object.id;
    await expect(alerts.innerText()).resolves.toContain(`Stripe has no payment_intent ${paymentIntentId}`);
    await screenshot(page, 'admin-payment-alerts');
  });
});
