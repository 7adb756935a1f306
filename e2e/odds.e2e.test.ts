import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ERROR_MESSAGES } from '@stockseer/contract';
import { CARD_TEXT, PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { ODDS_TEXT } from '../web/src/features/predictions/oddsText';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { adminSdk } from '../tools/lib/adminSdk';
import { expectAccessible } from '../tools/testing/axe';
import { atWidths, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { payTenDollarsInOpenDialog } from './support/wallet';

/**
 * Issue 12 in Chromium: the chance of a hit and the price of the next click before it, no confirmation for a free
 * click, "You already have this forecast" for the same one again, the inline Add funds path on an empty wallet,
 * and the confirmation that names the amount on a paid click.
 */
const { auth, db } = adminSdk();
/** The preview fits the model once (cached for the day after): allow for a slow machine. */
const FIT_TIMEOUT_MS = 90_000;
const email = uniqueEmail('odds');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await signInWithChooser(browser.page, { email });
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('KO') });
const preview = (page: Page) => panel(page).getByRole('region', { name: ODDS_TEXT.previewLabel });
const generateButton = (page: Page) => panel(page).getByRole('button', { name: /^Generat/ });

async function clickGenerate(page: Page, confirm?: () => Promise<void>): Promise<number> {
  const responded = page.waitForResponse((r) => r.url().endsWith('/api/predictions/generate'));
  await generateButton(page).click();
  await confirm?.();
  const status = (await responded).status();
  await panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).waitFor();
  return status;
}

/** Screenshots at desktop width and at a phone's 390 px. */
async function screens(page: Page, name: string) {
  await screenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

describe('Honest odds: the price of the next click, before it', () => {
  it('shows the chance of a hit and "Free: 5 of 5 left this month" before the first click', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('KO');
    await page.getByRole('option', { name: /KO\s*The Coca-Cola Company/ }).click();
    await preview(page).getByText(ODDS_TEXT.free(5)).waitFor({ timeout: FIT_TIMEOUT_MS });
    expect(await preview(page).innerText()).toMatch(/Chance of a hit: \d{1,2}%/);
    await panel(page)
      .getByText(/You have 5 of 5 free predictions left this month \(renewed on \w{3} \d{2}, \d{4}\)/)
      .waitFor();
    await expectAccessible(page, 'the cost preview');
    await screens(page, 'odds-preview-free');
  });

  it('generates a free one without asking, and the card carries the same chance', async () => {
    const { page } = browser;
    const chance = (await preview(page).innerText()).match(/Chance of a hit: \d+%/)![0];
    expect(await clickGenerate(page)).toBe(200);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const card = await panel(page).getByRole('article').first().innerText();
    expect(card).toContain(chance);
    expect(card).toContain(`${CARD_TEXT.cost}: Free`);
  });

  it('answers the same forecast again with "You already have this forecast" and points out its card', async () => {
    const { page } = browser;
    await preview(page).getByText(ODDS_TEXT.duplicate).waitFor();
    expect(await clickGenerate(page)).toBe(200);
    await panel(page).locator('.duplicate-note', { hasText: ODDS_TEXT.duplicate }).waitFor();
    await panel(page).locator('article[aria-current="true"]').waitFor();
    await expect(panel(page).getByRole('article').count()).resolves.toBe(1);
    await screens(page, 'odds-duplicate');
    // Nothing was used: the next forecast still has 4 free ones.
    await panel(page).getByRole('tab', { name: 'Medium' }).click();
    await preview(page).getByText(ODDS_TEXT.free(4)).waitFor({ timeout: FIT_TIMEOUT_MS });
  });

  it('with no free prediction and an empty wallet, says so, and Generate becomes Add funds', async () => {
    const { page } = browser;
    const { uid } = await auth.getUserByEmail(email);
    await db.collection('wallets').doc(uid).update({ freePredictions: 0 });
    await panel(page).getByRole('tab', { name: 'Long' }).click();
    const note = panel(page).getByRole('note');
    await note.waitFor({ timeout: FIT_TIMEOUT_MS });
    // What the user can do, once: the smallest top-up, which the dialog's $10 default is above.
    expect(await note.innerText()).toContain(ERROR_MESSAGES.insufficientFunds);
    // A click the wallet cannot pay for is not offered (it only ever answered with a toast): the way to pay is.
    const addFunds = panel(page).getByRole('button', { name: ODDS_TEXT.addFunds });
    await expect(addFunds.count()).resolves.toBe(1);
    await expect(generateButton(page).count()).resolves.toBe(0);
    await atWidths(page, 'odds-insufficient', () => note.scrollIntoViewIfNeeded());

    await addFunds.click();
    // The wallet's own dialog, with its $5 minimum and $10 default.
    await payTenDollarsInOpenDialog(page);
    // The preview follows the wallet: the click now reserves $1, and Generate is back.
    await preview(page)
      .getByText(/^\$1\.00 reserved, charged only if it hits \(expected cost \$0\.\d\d\)$/)
      .waitFor();
    await generateButton(page).waitFor();
  });

  it('asks before a paid click, naming the amount; Cancel makes nothing, confirming reserves $1', async () => {
    const { page } = browser;
    await generateButton(page).click();
    const dialog = page.getByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('$1.00');
    // It opens on Cancel: Enter on Generate and a second Enter (a double press) spend nothing.
    await expect(
      dialog.getByRole('button', { name: ODDS_TEXT.cancel }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await expectAccessible(page, 'the confirmation of a paid click');
    await atWidths(page, 'odds-confirm');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await panel(page).getByText(PREDICTION_TEXT.noFuture).waitFor();

    const status = await clickGenerate(page, () =>
      page
        .getByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) })
        .getByRole('button', { name: ODDS_TEXT.confirm(100) })
        .click(),
    );
    expect(status).toBe(200);
    expect(await panel(page).getByRole('article').first().innerText()).toContain(`${CARD_TEXT.cost}: Reserved $1`);
    await screens(page, 'odds-paid-generated');
  });
});
