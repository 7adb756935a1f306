// Bundles the functions into lib/ with esbuild. The shared API contract (a workspace package) is bundled in,
// so the deployed folder needs only the npm dependencies listed in package.json.
//
// Two builds of one lib/index.js: production (the default: `npm run build`, firebase.json's predeploy) from
// src/index.ts, and the local emulator's (STOCKSEER_BUILD=emulator, as tools/stack builds it) from
// src/index.emulator.ts, which adds the time machine. The production bundle carries nothing of src/emulator/.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BUILDS = ['production', 'emulator'];
/** The first line of the emulator's bundle: tools/stack checks it before serving a lib/ built earlier. */
export const EMULATOR_BANNER = '// StockSeer functions, local emulator build (STOCKSEER_BUILD=emulator): never deploy.';

const dir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

/** esbuild's options for one of BUILDS. */
export function buildOptions(which) {
  if (!BUILDS.includes(which)) throw new Error(`STOCKSEER_BUILD must be one of ${BUILDS.join(', ')}, not ${which}`);
  const emulator = which === 'emulator';
  return {
    absWorkingDir: dir,
    entryPoints: {
      index: emulator ? 'src/index.emulator.ts' : 'src/index.ts',
      modelWorker: 'src/adapters/model-pool/worker.ts',
    },
    outdir: 'lib',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    ...(emulator ? { banner: { js: EMULATOR_BANNER } } : {}),
    logLevel: 'warning',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(buildOptions(process.env.STOCKSEER_BUILD || 'production'));
}
