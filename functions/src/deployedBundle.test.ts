import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildOptions, EMULATOR_BANNER } from '../build.mjs';

/**
 * The deployed bundle carries nothing of the local stack's time machine and push services (src/emulator/, entered
 * only from src/index.emulator.ts), and the emulator's bundle does. Built in memory, as build.mjs would: lib/ may be serving a
 * running stack.
 */
async function bundle(which: 'production' | 'emulator') {
  const { outputFiles, metafile } = await build({
    ...buildOptions(which),
    write: false as const,
    metafile: true as const,
  });
  const index = outputFiles.find((file) => file.path.endsWith('/lib/index.js'));
  return { code: index!.text, sources: Object.keys(metafile.inputs) };
}

/**
 * Names and texts only the emulator's code has: its time machine's, and the setting that lets pushes go to the local
 * stack's push services (plain http on loopback), which production's bundle never reads.
 */
const EMULATOR_ONLY = [
  'SettableClock',
  'clockChangeSignal',
  'stockseer-clock-',
  'localTimeMachine',
  'storeClock',
  'STOCKSEER_LOCAL_PUSH_PORTS',
];
const EMULATOR_SOURCES = /^src\/(emulator\/|index\.emulator\.ts$|adapters\/firestore\/clock\.ts$)/;

describe('the functions bundles', () => {
  it('production carries none of the emulator-only code, yet answers the time machine as production does', async () => {
    const { code, sources } = await bundle('production');
    expect(sources.filter((source) => EMULATOR_SOURCES.test(source))).toEqual([]);
    expect(EMULATOR_ONLY.filter((text) => code.includes(text))).toEqual([]);
    expect(code).not.toContain(EMULATOR_BANNER);
    expect(code).toContain('The clock can only be set on the local emulator');
  });

  it("the emulator's carries the time machine, and says it must never be deployed", async () => {
    const { code, sources } = await bundle('emulator');
    expect(sources).toEqual(
      expect.arrayContaining([
        'src/index.emulator.ts',
        'src/emulator/timeMachine.ts',
        'src/emulator/localPushService.ts',
      ]),
    );
    expect(EMULATOR_ONLY.filter((text) => !code.includes(text))).toEqual([]);
    expect(code.startsWith(EMULATOR_BANNER)).toBe(true);
  });

  it('refuses an unknown build', () => {
    expect(() => buildOptions('staging')).toThrow(/STOCKSEER_BUILD/);
  });
});
