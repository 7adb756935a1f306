// Bundles the functions into lib/ with esbuild. The shared API contract (a workspace package) is bundled in,
// so the deployed folder needs only the npm dependencies listed in package.json.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

await build({
  entryPoints: { index: 'src/index.ts', modelWorker: 'src/adapters/model-pool/worker.ts' },
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
