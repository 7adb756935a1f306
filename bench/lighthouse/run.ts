/**
 * `npm run bench:lighthouse`: Lighthouse (headless Chromium) on the landing page of a fresh local stack.
 * Targets (issue 2): performance >= 95, accessibility 100, best practices 100.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { markdownTable, writeResults } from '../lib/report';
import { CHROMIUM_FLAGS, chromiumPath } from '../../tools/testing/chromium';

const APP_URL = process.env.STOCKSEER_APP_URL ?? 'http://127.0.0.1:5000';
const PAGES = [{ name: 'landing', url: `${APP_URL}/` }];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: CHROMIUM_FLAGS,
});

const results: Record<string, Record<string, number>> = {};
try {
  for (const page of PAGES) {
    const run = await lighthouse(page.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    results[page.name] = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const failing = Object.values(run.lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    );
    for (const audit of failing) console.log(`  ${page.name}: ${audit.id}: ${audit.title}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      console.log(`  ${page.name}: ${id} ${run.lhr.audits[id]?.displayValue ?? ''}`);
    }
    if (process.env.LIGHTHOUSE_DUMP) writeResults(`lighthouse-${page.name}-lhr`, run.lhr);
  }
} finally {
  await chrome.kill();
}

console.log(
  markdownTable(
    ['page', ...CATEGORIES],
    Object.entries(results).map(([name, scores]) => [name, ...CATEGORIES.map((c) => scores[c] ?? 0)]),
  ),
);
console.log(`written: ${writeResults('lighthouse', { pages: results })}`);
