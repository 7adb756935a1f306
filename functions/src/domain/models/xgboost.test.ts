import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type XGBoostReady from 'ml-xgboost';
import { sp500DailyBars } from './testing/sp500';
import { createXgboostModel, loadXgboostModel } from './xgboost';

const require = createRequire(import.meta.url);
/** A fresh copy of the package on each require: its wasm is compiled while it is required. */
function forgetPackage() {
  for (const id of ['ml-xgboost', 'ml-xgboost/dist/wasm/xgboost.js']) delete require.cache[require.resolve(id)];
}
const wasm = (globalThis as unknown as { WebAssembly: { instantiateStreaming?: unknown } }).WebAssembly;
const closes = sp500DailyBars()
  .slice(-800)
  .map((bar) => bar.close);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loading XGBoost', () => {
  it('compiles its wasm from the file bytes without a word, leaving the streaming API as it was', async () => {
    forgetPackage();
    // The loader binds console.warn when required, so the spies are set first.
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const streaming = wasm.instantiateStreaming;
    const model = await loadXgboostModel();
    expect(wasm.instantiateStreaming).toBe(streaming);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    // The same forecast as the package's own noisy path (streaming refused, then the same bytes).
    forgetPackage();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const noisy = createXgboostModel(await (require('ml-xgboost') as typeof XGBoostReady));
    expect(model.forecast({ closes, horizon: 30 })).toEqual(noisy.forecast({ closes, horizon: 30 }));
  });
});
