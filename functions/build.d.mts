// Types of build.mjs for the tests that import it (src/deployedBundle.test.ts).
import type { BuildOptions } from 'esbuild';

export declare const BUILDS: readonly ['production', 'emulator'];
export declare const EMULATOR_BANNER: string;
export declare function buildOptions(which: string): BuildOptions;
