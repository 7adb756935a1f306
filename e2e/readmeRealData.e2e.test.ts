import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PREDICTION_TEXT } from '../web/src/features/predictions/messages';
import { ODDS_TEXT } from '../web/src/features/predictions/oddsText';
import { STOCK_TEXT } from '../web/src/features/stocks/messages';
import { launchBrowser, screenshot, uniqueEmail, type Browser } from './support/browser';
import { writePriceFolder, type PriceFolder } from './support/priceFolder';
import { signInWithChooser } from './support/signIn';

/**
 * Issue 15, the README's real-data command as a new developer runs it: `MARKET_DATA_DIR=<relative folder> npm start`
 * from the repository root, then sign in, search AAPL and generate, with no other step. A second stack runs beside
 * the test stack, on its own ports, over a price folder in the provider's CSV layout that ends years before today
 * (as ../shared/market-data does), so the stack must resolve the relative path from the root and pin the date.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
/** Relative, as the README writes it; under .stack/, which git ignores. */
const PRICES = '.stack/e2e-prices';
const OFFSET = Number(process.env.STACK_PORT_OFFSET ?? 0) + 700;
const APP = `http://127.0.0.1:${5000 + OFFSET}`;
/** Building the web app and starting the emulators on a busy 2-core machine. */
const START_TIMEOUT_MS = 300_000;
const FIT_TIMEOUT_MS = 90_000;

let folder: PriceFolder;
let stack: ChildProcess;
let output = '';
let browser: Browser;

/**
 * The environment of a fresh terminal: nothing of the test stack's own (its ports, its pinned date, its data), nor
 * of the test runner's (NODE_ENV=test would build React's development bundle).
 */
function freshShellEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(STOCKSEER_|MARKET_DATA_|FIRESTORE_|FIREBASE_|GCLOUD_|STRIPE_|STACK_|VITEST|NODE_ENV$)/.test(key))
      delete env[key];
  }
  return env;
}

/** Starts `npm start`'s command and resolves once it prints its "running" line (or rejects with what it said). */
function startStack(): Promise<void> {
  stack = spawn('npx', ['tsx', 'tools/stack/main.ts', 'start'], {
    cwd: ROOT,
    detached: true,
    // The test stack already built functions/lib and serves it: rebuilding it would reload that stack's functions.
    env: {
      ...freshShellEnv(),
      MARKET_DATA_DIR: PRICES,
      STACK_PORT_OFFSET: String(OFFSET),
      STACK_SKIP_BUILD: 'functions',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('StockSeer is running')) resolve();
    };
    stack.stdout!.on('data', read);
    stack.stderr!.on('data', read);
    stack.on('exit', (code) => reject(new Error(`npm start exited (${code}) before running:\n${output}`)));
  });
}

async function stopStack() {
  if (stack?.pid === undefined || stack.exitCode !== null) return;
  const exited = new Promise((resolve) => stack.on('exit', resolve));
  process.kill(-stack.pid, 'SIGINT');
  await exited;
}

beforeAll(async () => {
  // Ends on a Friday in 2021, years before any real today: the stack must pin its date to it.
  folder = writePriceFolder(path.join(ROOT, PRICES), '2021-06-25');
  await startStack();
  browser = await launchBrowser();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await stopStack();
}, 60_000);

const panel = (page: Page) => page.getByRole('region', { name: PREDICTION_TEXT.heading('AAPL') });

describe("the README's real-data command", () => {
  it('resolves the relative folder from the root and pins the date to its last trading day, saying so', () => {
    expect(output).toContain(`the prices in ${PRICES} end on ${folder.lastDay}: the local date is pinned to`);
  });

  it('lets a new investor sign in, find AAPL at its split-adjusted close and generate a forecast', async () => {
    const { page } = browser;
    await signInWithChooser(page, { email: uniqueEmail('readme') }, APP);
    await page.getByRole('combobox', { name: STOCK_TEXT.searchLabel }).fill('AAPL');
    await page.getByRole('option', { name: /AAPL\s*Apple Inc\./ }).click();
    // The close a broker shows: split-adjusted (the file's `close`), not the dividend-adjusted `adjusted_close`.
    const price = await page.getByTestId('stock-price').innerText();
    expect(price).toBe(`$${folder.lastClose.toFixed(2)}`);
    expect(price).not.toBe(`$${folder.lastAdjustedClose.toFixed(2)}`);

    await panel(page).getByText(ODDS_TEXT.free(5)).waitFor({ timeout: FIT_TIMEOUT_MS });
    const responded = page.waitForResponse((r) => r.url().endsWith('/api/predictions/generate'), {
      timeout: FIT_TIMEOUT_MS,
    });
    await panel(page).getByRole('button', { name: PREDICTION_TEXT.generate }).click();
    expect((await responded).status()).toBe(200);
    const card = await panel(page).getByRole('article').first().innerText();
    expect(card).toMatch(/Chance of a hit: \d{1,2}%/);
    await screenshot(page, 'readme-real-data');
  });
});
