import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FREE_PREDICTIONS_PER_MONTH, ERROR_MESSAGES } from '@stockseer/contract';
import { HISTORY_TEXT } from '../web/src/features/history/messages';
import { CARD_TEXT, MODEL_DESCRIPTIONS, PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { ODDS_TEXT } from '../web/src/features/predictions/oddsText';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { expectAccessible } from '../tools/testing/axe';
import { launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser, signOutFromMenu } from './support/signIn';

/** A back-test fits the model at 20 past dates: allow for a slow machine. */
const BACKTEST_TIMEOUT_MS = 90_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await signInWithChooser(browser.page, { email: uniqueEmail('predictions') });
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('AAPL') });
const cards = (page: Page) => panel(page).getByRole('article');
const generateButton = (page: Page) => panel(page).getByRole('button', { name: /^Generat/ });

/** Five free forecasts and a sixth that finds the wallet empty: each a different model or time frame. */
const SELECTIONS = [
  ['recommended', 'Short'],
  ['recommended', 'Medium'],
  ['recommended', 'Long'],
  ['prophet', 'Short'],
  ['prophet', 'Medium'],
  ['prophet', 'Long'],
] as const;

async function select(page: Page, model: string, timeFrame: string) {
  await panel(page).getByLabel(PREDICTION_TEXT.modelSelectLabel).selectOption(model);
  await panel(page).getByRole('tab', { name: timeFrame }).click();
}

/** Clicks Generate and returns the HTTP status of the request it made, once the button is back. */
async function generate(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/predictions/generate')),
    generateButton(page).click(),
  ]);
  await panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).waitFor();
  return response.status();
}

describe('Predictions tab and History tab (a new user, demo market data)', () => {
  it('picks AAPL and opens on New Predictions, short term, with nothing generated yet', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
    await page.getByRole('option', { name: /AAPL\s*Apple Inc\./ }).click();
    await panel(page).waitFor();
    const newTab = panel(page).getByRole('tab', { name: PREDICTION_TEXT.new });
    await expect(newTab.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(panel(page).getByLabel(PREDICTION_TEXT.modelSelectLabel).inputValue()).resolves.toBe('recommended');
    await panel(page)
      .getByText(/^Predicts the closing price 7 trading days ahead\. You have 5 of 5 free predictions left this month/)
      .waitFor({ timeout: BACKTEST_TIMEOUT_MS });
    await panel(page).getByText(PREDICTION_TEXT.noFuture).waitFor();
  });

  it(`generates ${FREE_PREDICTIONS_PER_MONTH} free predictions, then offers Add funds in place of Generate for an empty wallet`, async () => {
    const { page } = browser;
    // Five different forecasts: the same one again would be returned as it is (issue 12).
    for (const [i, [model, timeFrame]] of SELECTIONS.slice(0, FREE_PREDICTIONS_PER_MONTH).entries()) {
      await select(page, model, timeFrame);
      await panel(page)
        .getByText(ODDS_TEXT.free(FREE_PREDICTIONS_PER_MONTH - i))
        .waitFor({ timeout: BACKTEST_TIMEOUT_MS });
      expect(await generate(page)).toBe(200);
      // The list shows the one prediction just made (docs/product.md#predictions-tab).
      await expect(cards(page).count()).resolves.toBe(1);
      expect(await cards(page).first().innerText()).toContain(`${CARD_TEXT.cost}: Free`);
    }
    await page.getByRole('status').filter({ hasText: PREDICTION_TEXT.generated }).first().waitFor();
    const card = cards(page).first();
    // innerText as shown: the card's labels are upper-cased by the stylesheet.
    const text = await card.innerText();
    expect(text).toMatch(/Target\s+\w{3} \d{2}, \d{4}\s+\$[\d,]+\.\d{2} \([+-]?\d+\.\d%\)/i);
    expect(text).toMatch(/80% range\s+\$[\d,]+\.\d{2} – \$[\d,]+\.\d{2}/i);
    expect(text).toMatch(/Hits if the close on \w{3} \d{2}, \d{4} is within \$[\d,]+\.\d{2} – \$[\d,]+\.\d{2}/);
    expect(text).toMatch(/Chance of a hit: \d{1,2}%/);
    expect(text).toContain(CARD_TEXT.pending);
    await screenshot(page, 'predictions-new-generated');

    const [model, timeFrame] = SELECTIONS[FREE_PREDICTIONS_PER_MONTH]!;
    await select(page, model, timeFrame);
    await panel(page)
      .getByRole('note')
      .filter({ hasText: ERROR_MESSAGES.insufficientFunds })
      .waitFor({ timeout: BACKTEST_TIMEOUT_MS });
    // Generate is not offered (it could only be refused): the wallet's Add funds is, where it was.
    await panel(page).getByRole('button', { name: ODDS_TEXT.addFunds }).waitFor();
    await expect(panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).count()).resolves.toBe(0);
    await screenshot(page, 'predictions-insufficient-funds');
  });

  it('lists each forecast under its own model and time frame on coming back to New', async () => {
    const { page } = browser;
    await panel(page).getByRole('tab', { name: PREDICTION_TEXT.past }).click();
    await panel(page).getByRole('tab', { name: PREDICTION_TEXT.new }).click();
    for (const [model, timeFrame] of SELECTIONS.slice(0, 2)) {
      await select(page, model, timeFrame);
      await cards(page).first().waitFor();
      await expect(cards(page).count()).resolves.toBe(1);
      expect(await cards(page).first().innerText()).toContain(`${CARD_TEXT.cost}: Free`);
    }
  });

  it('shows the back-test with hits out of resolved, an accuracy badge and the naive baseline', async () => {
    const { page } = browser;
    await panel(page).getByRole('tab', { name: PREDICTION_TEXT.past }).click();
    const badge = panel(page).getByText(/^Accuracy \d+\.\d%$/);
    await badge.waitFor({ timeout: BACKTEST_TIMEOUT_MS });
    expect(await badge.getAttribute('class')).toMatch(/accuracy-(good|fair|poor)/);
    await panel(page)
      .getByText(/^\d+ out of \d+ predictions hit target$/)
      .waitFor();
    await panel(page)
      .getByText(/^Naive "no change" forecast: \d+\.\d%$/)
      .waitFor();
    await panel(page)
      .getByText(/^Drift forecast: \d+\.\d%$/)
      .waitFor();
    await panel(page)
      .getByText(/^(Tracking|Live: \d+ resolved, \d+% hit, \d+% expected)$/)
      .waitFor();
    const targets = await cards(page).evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));
    expect(targets.length).toBeGreaterThan(0);
    const dates = targets.map((label) => Date.parse(label!.replace('AAPL forecast for ', '')));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await screenshot(page, 'predictions-past');
  });

  it('lists the predictions in History as Free, filters them and downloads them as CSV', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'History' }).click();
    const table = page.getByRole('table');
    const rows = table.locator('tbody tr');
    await rows.nth(FREE_PREDICTIONS_PER_MONTH - 1).waitFor();
    await expect(rows.count()).resolves.toBe(FREE_PREDICTIONS_PER_MONTH);
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('AAPL');
      expect(text).toMatch(/Free$/);
    }
    await screenshot(page, 'history');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: HISTORY_TEXT.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stockseer-predictions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv).toHaveLength(FREE_PREDICTIONS_PER_MONTH + 1);
    expect(csv[1]).toMatch(/^AAPL,.*,Active,,Free$/);

    await page.getByLabel(HISTORY_TEXT.statusFilter).selectOption('hit');
    await table.getByText(HISTORY_TEXT.empty).waitFor();
    await page.getByLabel(HISTORY_TEXT.statusFilter).selectOption('all');
    await page.getByLabel(HISTORY_TEXT.tickerSearch).fill('aap');
    await rows.nth(FREE_PREDICTIONS_PER_MONTH - 1).waitFor();
    await expect(rows.count()).resolves.toBe(FREE_PREDICTIONS_PER_MONTH);
  });

  it('gives the admin the titled model picker, each model explained', async () => {
    const { page } = browser;
    await signOutFromMenu(page);
    await signInWithChooser(page, 'admin');
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
    await page.getByRole('option', { name: /AAPL\s*Apple Inc\./ }).click();
    const picker = panel(page).getByRole('group', { name: PREDICTION_TEXT.modelPickerTitle });
    await expect(picker.getByRole('radio', { name: /^Recommended/ }).isChecked()).resolves.toBe(true);
    for (const description of Object.values(MODEL_DESCRIPTIONS)) await picker.getByText(description).waitFor();
    await picker.getByRole('radio', { name: /^Prophet/ }).check();
    await panel(page)
      .getByText(/^Predicts the closing price 7 trading days ahead\./)
      .waitFor();
    await expectAccessible(page, "the admin's model picker");
    await screenshot(page, 'predictions-admin-model-picker');
  });
});
