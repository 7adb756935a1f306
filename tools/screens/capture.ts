/**
 * Full-page screenshots of every screen (e2e/support/screens.ts), signed out and signed in as the demo admin, at
 * desktop (1280x800), phone (390x844) and narrow phone (320x640) width, into .screens/LABEL/. Run it against a stack
 * before and after a change that must not change how anything looks, then compare the two folders with
 * tools/screens/compare.ts:
 *   STACK_PORT_OFFSET=N npx tsx tools/stack/main.ts exec -- npx tsx tools/screens/capture.ts before
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { makeAdminPrediction, SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS, type Screen } from '../../e2e/support/screens';
import { signInWithChooser } from '../../e2e/support/signIn';

const label = process.argv[2];
if (!label) throw new Error('usage: capture.ts LABEL (the folder under .screens/)');
const OUT = path.resolve(import.meta.dirname, '../../.screens', label);
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  narrow: { width: 320, height: 640 },
} as const;

async function shoot(page: Page, name: string) {
  // Settled: no request in flight, and no caret or animation caught half-way.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({
    path: path.join(OUT, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    // Toasts come and go with the timing of a run, not with how the screen is laid out.
    style: '.toast-viewport { visibility: hidden; }',
  });
}

/** A screen that fails to open is reported and left out; the others are still taken. */
async function openAndShoot(page: Page, [name, open]: Screen, prefix: string) {
  const file = `${prefix}-${name.replaceAll(' ', '-')}`;
  try {
    await open(page);
    await shoot(page, file);
  } catch (err) {
    process.exitCode = 1;
    console.error(`[screens] ${file} not taken: ${(err as Error).message.split('\n')[0]}`);
  }
}

const made = await makeAdminPrediction();
if (![200, 402, 409].includes(made)) throw new Error(`generate answered ${made}`);

mkdirSync(OUT, { recursive: true });
for (const [size, viewport] of Object.entries(SIZES)) {
  const browser = await launchBrowser();
  const { page } = browser;
  // A loaded machine (three stacks at once) can take a while: patience rather than a missing screen.
  page.setDefaultTimeout(90_000);
  await page.setViewportSize(viewport);
  for (const screen of SIGNED_OUT_SCREENS) await openAndShoot(page, screen, `${size}-out`);
  await page.keyboard.press('Escape');
  await signInWithChooser(page, 'admin');
  for (const screen of SIGNED_IN_SCREENS) await openAndShoot(page, screen, `${size}-in`);
  await browser.close();
  console.log(`[screens] ${size}: ${SIGNED_OUT_SCREENS.length + SIGNED_IN_SCREENS.length} screens in ${OUT}`);
}
