import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { ODDS_TEXT } from '../web/src/features/predictions/oddsText';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { ADD_FUNDS_TEXT, WALLET_TEXT } from '../web/src/features/wallet/messages';
import { adminSdk } from '../tools/lib/adminSdk';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';
import { addFundsDialog, payWithCard } from './support/wallet';

/**
 * Issue 23: every dialog, opened from every place that opens it, at a desktop's and two phones' sizes. A feature's
 * styles once reached into a dialog opened from inside it (the reserve confirmation sat in the top-left corner, the
 * payment step's one-line notes stood 256 px tall and pushed Pay out of sight): each dialog must be centred, inside
 * the viewport with its title, close button and main button in view and uncovered, and no text block much taller
 * than its text.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
/** The preview fits the model once (cached for the day after): allow for a slow machine. */
const FIT_TIMEOUT_MS = 90_000;
const { auth, db } = adminSdk();
const email = uniqueEmail('dialogs');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What is wrong with the open dialog's layout at the current size; `primary` names its main button. */
const layoutProblems = (dialog: Locator, primary: string) =>
  dialog.evaluate((d, primaryName) => {
    const problems: string[] = [];
    const describe = (el: Element | null) =>
      el
        ? `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? '').trim().slice(0, 30)}"`
        : 'nothing';
    d.scrollTop = 0;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const box = d.getBoundingClientRect();
    const offCentre = (box.left + box.right) / 2 - vw / 2;
    if (Math.abs(offCentre) > 3) problems.push(`its middle is ${Math.round(offCentre)} px right of the viewport's`);
    if (box.left < -0.5 || box.top < -0.5 || box.right > vw + 0.5 || box.bottom > vh + 0.5)
      problems.push(`it reaches past the ${vw}x${vh} viewport: ${JSON.stringify(box.toJSON())}`);

    /** In the dialog's visible part without scrolling, and what a tap there reaches. */
    const inView = (el: Element | null | undefined, what: string) => {
      if (!el) return void problems.push(`${what} is missing`);
      const b = el.getBoundingClientRect();
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, vh);
      if (b.top < top - 0.5 || b.bottom > bottom + 0.5 || b.left < box.left - 0.5 || b.right > box.right + 0.5)
        return void problems.push(`${what} is out of view (${Math.round(b.top)}..${Math.round(b.bottom)} px)`);
      const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
      if (!hit || !(el === hit || el.contains(hit))) problems.push(`${what} is covered by ${describe(hit)}`);
    };
    inView(d.querySelector('.dialog-header h2'), 'the title');
    inView(d.querySelector('button[aria-label="Close"]'), 'the close button');
    const buttons = Array.from(d.querySelectorAll('button')).filter((b) => !b.closest('.toast-viewport'));
    inView(
      buttons.find((b) => b.textContent?.trim() === primaryName),
      `"${primaryName}"`,
    );
    // Every other button may need the dialog scrolled, but then it shows and nothing lies over it.
    for (const button of buttons) {
      button.scrollIntoView({ block: 'nearest' });
      inView(button, `"${(button.textContent ?? '').trim()}" scrolled to`);
    }
    d.scrollTop = 0;

    // A text block is as tall as its lines of text: at most two lines of slack (a button's min-height, padding).
    for (const el of Array.from(d.querySelectorAll('p, h2, label, legend, li, button'))) {
      if (el.closest('.toast-viewport') || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect().height;
      const content = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      if (content > Math.max(text, line) + 2 * line)
        problems.push(`${describe(el)} is ${Math.round(content)} px tall for ${Math.round(text)} px of text`);
    }
    return problems;
  }, primary);

/** Measures the open dialog at each size and saves a picture of each; resolves every problem found, by size. */
async function checkAtEverySize(page: Page, dialog: Locator, primary: string, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Laid out at the new size (two frames: resize, then layout and paint).
    await page.waitForTimeout(150);
    for (const problem of await layoutProblems(dialog, primary)) found.push(`${size.width}x${size.height}: ${problem}`);
    await screenshot(page, `dialog-${name}-${size.width}`, { fullPage: false });
  }
  await page.setViewportSize(SIZES[0]);
  return found;
}

const payLabel = ADD_FUNDS_TEXT.pay('$10.00');

/** In the add-funds dialog just opened from `place`: measures its amount step, then its payment step. */
async function checkBothAddFundsSteps(page: Page, place: string): Promise<string[]> {
  const dialog = addFundsDialog(page);
  await dialog.getByLabel(ADD_FUNDS_TEXT.amountLabel).waitFor();
  const found = await checkAtEverySize(page, dialog, ADD_FUNDS_TEXT.continue, `${place}-add-funds-amount`);
  await dialog.getByRole('button', { name: ADD_FUNDS_TEXT.continue }).click();
  await dialog.getByLabel(ADD_FUNDS_TEXT.cardNumber).waitFor();
  return [...found, ...(await checkAtEverySize(page, dialog, payLabel, `${place}-add-funds-payment`))];
}

const chooser = (page: Page) => page.getByRole('dialog', { name: 'Choose a test Google account' });
const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('AAPL') });

describe('every dialog, from every place that opens it, at 1280x800, 390x844 and 320x640', () => {
  // The signed-out Wallet's Sign In leads to this page rather than to the chooser.
  it('the test-account chooser, from each sign-in button of the landing page', async () => {
    const { page } = browser;
    await page.goto(`${APP_URL}/auth`);
    const buttons = page.getByRole('button', { name: /Sign in/ });
    await buttons.first().waitFor();
    const found: string[] = [];
    for (let i = 0; i < (await buttons.count()); i++) {
      await buttons.nth(i).click();
      await chooser(page).waitFor();
      found.push(...(await checkAtEverySize(page, chooser(page), 'Continue', `sign-in-${i + 1}`)));
      await page.keyboard.press('Escape');
      await chooser(page).waitFor({ state: 'hidden' });
    }
    expect(found).toEqual([]);
  });

  it('Add funds, both steps, from the Predictions tab when the wallet cannot pay for the next forecast', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email });
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
    await page.getByRole('option', { name: /AAPL/ }).first().click();
    const preview = panel(page).getByRole('region', { name: ODDS_TEXT.previewLabel });
    await preview.getByText(ODDS_TEXT.free(5)).waitFor({ timeout: FIT_TIMEOUT_MS });
    // The wallet exists by now: spend its free predictions, and look at another time frame's (fresh) preview.
    const { uid } = await auth.getUserByEmail(email);
    await db.collection('wallets').doc(uid).update({ freePredictions: 0 });
    await panel(page).getByRole('tab', { name: 'Medium' }).click();
    await panel(page).getByRole('note').waitFor({ timeout: FIT_TIMEOUT_MS });
    await panel(page).getByRole('button', { name: ODDS_TEXT.addFunds }).click();
    const found = await checkBothAddFundsSteps(page, 'predictions');
    const dialog = addFundsDialog(page);
    // Funded, for the next test's paid click; an expiry typed without its slash is read as 12/30.
    await dialog.getByLabel(ADD_FUNDS_TEXT.cardNumber).fill('4242 4242 4242 4242');
    await dialog.getByLabel(ADD_FUNDS_TEXT.expiry).fill('1230');
    await dialog.getByLabel(ADD_FUNDS_TEXT.cvc).fill('123');
    await dialog.getByRole('button', { name: payLabel }).click();
    await page.getByRole('status').filter({ hasText: ADD_FUNDS_TEXT.succeededTitle }).waitFor();
    expect(found).toEqual([]);
  });

  it('the reserve confirmation, from the Predictions tab', async () => {
    const { page } = browser;
    const preview = panel(page).getByRole('region', { name: ODDS_TEXT.previewLabel });
    await preview.getByText(/^\$1\.00 reserved/).waitFor({ timeout: FIT_TIMEOUT_MS });
    await panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).click();
    const dialog = page.getByRole('dialog', { name: ODDS_TEXT.confirmTitle(100) });
    await dialog.waitFor();
    const found = await checkAtEverySize(page, dialog, ODDS_TEXT.confirm(100), 'reserve-confirmation');
    await dialog.getByRole('button', { name: ODDS_TEXT.cancel }).click();
    expect(found).toEqual([]);
  });

  it('Add funds, both steps, from the Wallet tab, and a declined card on a 320 px phone', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Wallet' }).click();
    await page.getByRole('button', { name: WALLET_TEXT.addFunds }).click();
    const found = await checkBothAddFundsSteps(page, 'wallet');
    const dialog = addFundsDialog(page);

    // The decline shows under the form, once (no toast repeats it): it must not cover Pay, or anything else one taps.
    await page.setViewportSize(SIZES[2]);
    await payWithCard(page, '4000 0000 0000 0002');
    await dialog.locator('.card-error').waitFor();
    await expect(page.locator('.toast', { hasText: ADD_FUNDS_TEXT.cardFailedTitle }).count()).resolves.toBe(0);
    found.push(...(await layoutProblems(dialog, payLabel)).map((problem) => `declined at 320: ${problem}`));
    await screenshot(page, 'dialog-wallet-card-declined-320', { fullPage: false });
    await page.setViewportSize(SIZES[0]);
    expect(found).toEqual([]);
  });
});
