import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  HistoricalPredictions,
  outcomeSumsOf,
  PublicTrackRecord,
  summarizeOutcomes,
  TIME_FRAME_LABELS,
} from '@stockseer/contract';
import { RELIABILITY_TEXT } from '../web/src/components/reliabilityText';
import { CARD_TEXT, PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { ODDS_TEXT } from '../web/src/features/predictions/oddsText';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { TRACK_RECORD_TEXT } from '../web/src/pages/trackRecordText';
import { expectAccessible } from '../tools/testing/axe';
import { apiCall, newTestUser } from '../tools/testing/api';
import { APP_URL, launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { signInWithChooser } from './support/signIn';

/**
 * Issue 24 in Chromium: the cost preview says what a hit is (range and date) and the card made by the click states
 * the same; the chart draws the hit range; the Past panel's reliability chart and its table hold the aggregate's
 * figures; `/track-record` opens signed out and says "Tracking" where fewer than 5 forecasts resolved.
 */
const FIT_TIMEOUT_MS = 90_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('KO') });
const preview = (page: Page) => panel(page).getByRole('region', { name: ODDS_TEXT.previewLabel });

/**
 * Desktop, then a 390 px and a 320 px phone, then back: the whole page, and the viewport with `focus` scrolled into
 * it (a full page of a phone is too tall to judge a chart by).
 */
async function screens(page: Page, name: string, focus: Locator) {
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: width === 1280 ? 860 : 844 });
    await screenshot(page, `${name}-${width}`);
    await focus.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}-view`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('What a hit is, before the click and after it', () => {
  it('the preview names the hit range and date that the generated prediction then carries', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('hit-range') });
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('KO');
    await page.getByRole('option', { name: /KO\s*The Coca-Cola Company/ }).click();
    const hitsIf = preview(page).getByText(/^Hits if KO closes between \$[\d,.]+ and \$[\d,.]+ on \w{3} \d{2}, \d{4}$/);
    await hitsIf.waitFor({ timeout: FIT_TIMEOUT_MS });
    const [, low, high, date] = (await hitsIf.innerText()).match(/between (\S+) and (\S+) on (.+)$/)!;
    // Before the click, the chart draws the forecast the click would make, and its legend names the hit range.
    const legend = page.getByText(STOCK_TEXT.legendHit(low!, high!, date!));
    await legend.waitFor();
    await expectAccessible(page, 'the cost preview with its hit range');
    await screens(page, 'hit-range-preview', preview(page));

    const made = page.waitForResponse((r) => r.url().endsWith('/api/predictions/generate'));
    await panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).click();
    expect((await made).status()).toBe(200);
    const card = panel(page).getByRole('article').first();
    await card.waitFor();
    expect(await card.innerText()).toContain(`${CARD_TEXT.hitRange(date!)} ${low} – ${high}`);
    await legend.waitFor();
    await screens(page, 'hit-range-chart', page.getByRole('region', { name: 'KO price chart' }));
  });

  it('the Past panel draws the reliability chart, and its table holds the back-test’s own figures', async () => {
    const { page } = browser;
    const historical = page.waitForResponse((r) => r.url().includes('/api/predictions/historical'), {
      timeout: FIT_TIMEOUT_MS,
    });
    await panel(page).getByRole('tab', { name: PREDICTION_TEXT.past }).click();
    const data = HistoricalPredictions.parse(await (await historical).json());
    const chart = panel(page).locator('figure.reliability');
    await chart.waitFor({ timeout: FIT_TIMEOUT_MS });
    await chart.getByText(/^When StockSeer said \d+-\d+%, it hit \d+% of \d+ times/).waitFor();

    await chart.getByText(RELIABILITY_TEXT.showTable).click();
    const table = chart.getByRole('table');
    // Read cell by cell: Playwright's evaluate runs through eval in the page, which the app's CSP refuses.
    const rows: string[][] = [];
    for (const row of await table.locator('tbody tr').all()) rows.push(await row.locator('td').allInnerTexts());
    const expected = summarizeOutcomes(outcomeSumsOf(data.predictions)).reliability;
    expect(rows.map((cells) => Number(cells[0]))).toEqual(expected.map((bin) => bin.count));
    expect(rows.map((cells) => cells[1])).toEqual(
      expected.map((bin) => (bin.count === 0 ? '-' : `${Math.round((bin.hits / bin.count) * 100)}%`)),
    );
    await expectAccessible(page, 'the reliability chart and its table');
    await screens(page, 'reliability-chart', chart);
  });
});

describe('The public track record', () => {
  it('opens signed out, says what a hit is, and shows "Tracking" wherever fewer than 5 forecasts resolved', async () => {
    // A browser of its own: a visitor who never signed in.
    const visitor = await launchBrowser();
    const signedOut = visitor.page;
    // A back-test computed today, as a signed-in user's Past panel asks for it: its sums are in the record.
    const asker = await newTestUser('track-record-e2e');
    const asked = await apiCall('/api/predictions/historical?symbol=KO&modelId=arima&timeFrame=short', {
      token: asker.token,
    });
    expect(asked.status).toBe(200);
    const response = await fetch(`${APP_URL}/api/track-record`);
    expect(response.status).toBe(200);
    const record = PublicTrackRecord.parse(await response.json());
    await signedOut.goto(`${APP_URL}/track-record`);
    await signedOut.getByRole('heading', { name: TRACK_RECORD_TEXT.title, level: 1 }).waitFor();
    await signedOut.getByText(TRACK_RECORD_TEXT.hitRule).waitFor();
    await signedOut.getByRole('heading', { name: TIME_FRAME_LABELS.short }).waitFor();

    for (const row of record.rows) {
      const card = signedOut.getByRole('region', { name: `${row.modelName}, ${TIME_FRAME_LABELS[row.timeFrame]}` });
      const text = await card.innerText();
      const trackingLines = text.split('\n').filter((line) => line === TRACK_RECORD_TEXT.tracking).length;
      expect(trackingLines, `${row.modelId} ${row.timeFrame}`).toBe(
        (row.backtest === null ? 1 : 0) + (row.live === null ? 1 : 0),
      );
    }
    // KO's back-test of the model just asked for is in it, with figures, and the public page draws its chart.
    expect(record.rows.some((row) => row.backtest !== null)).toBe(true);
    expect(await signedOut.locator('figure.reliability').count()).toBeGreaterThan(0);
    await expectAccessible(signedOut, 'the public track record');
    await screens(signedOut, 'track-record', signedOut.getByRole('heading', { name: TIME_FRAME_LABELS.short }));
    await visitor.close();
  });
});
