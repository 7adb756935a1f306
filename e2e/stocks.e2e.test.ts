import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await signInWithChooser(browser.page, { email: uniqueEmail('stocks') });
});
afterAll(async () => {
  await browser?.close();
});

describe('Predictions tab: stock search, card and chart (demo market data)', () => {
  it('says prices are simulated while the demo provider is active', async () => {
    const { page } = browser;
    const notice = page.getByRole('note');
    // The notice shows once the API has said which provider is active.
    await notice.waitFor();
    expect(await notice.innerText()).toBe(STOCK_TEXT.demoNotice);
  });

  it('finds AAPL from "aap", shows its card with every figure and a chart', async () => {
    const { page } = browser;
    const search = page.getByRole('combobox', { name: STOCK_TEXT.searchLabel });
    await expect(search.getAttribute('placeholder')).resolves.toBe(STOCK_TEXT.searchPlaceholder);
    await search.fill('aap');
    const option = page.getByRole('option', { name: /AAPL\s*Apple Inc\./ });
    await option.waitFor();
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('true');
    // Keyboard: the first option becomes active, as the combobox announces.
    await search.press('ArrowDown');
    await expect(search.getAttribute('aria-activedescendant')).resolves.toBe(
      await page.getByRole('option').first().getAttribute('id'),
    );
    await screenshot(page, 'stocks-search-dropdown');
    await option.click();

    const card = page.getByRole('region', { name: 'AAPL quote' });
    await card.waitFor();
    const text = await card.innerText();
    for (const expected of ['AAPL', 'NASDAQ', 'Apple Inc.', 'Open', 'Previous Close', 'Day Range', 'As of']) {
      expect(text).toContain(expected);
    }
    expect(await page.getByTestId('stock-price').innerText()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await page.getByTestId('stock-change').innerText()).toMatch(/^[+-]?\$\d+\.\d{2} \([+-]?\d+\.\d%\)$/);
    expect(await page.getByTestId('stock-price').getAttribute('class')).toMatch(/trend-(up|down|flat)/);

    const chart = page.getByRole('img', { name: /AAPL closed at/ });
    await chart.locator('canvas').first().waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'stocks-card-and-chart');
  });

  it('says so when no stock matches', async () => {
    const { page } = browser;
    const search = page.getByRole('combobox', { name: STOCK_TEXT.searchLabel });
    await search.fill('zzzz');
    const status = page.getByText(STOCK_TEXT.noResults('zzzz'));
    await status.waitFor();
    expect(await status.innerText()).toBe('No stocks found for "zzzz"');
    await screenshot(page, 'stocks-no-results');
  });
});
