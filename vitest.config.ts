import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner, four kinds of test, so `npm test` prints one summary:
// - unit:        pure code of contract, functions and tools (no emulators)
// - web:         React components in jsdom
// - integration: through the running emulators (Auth, Firestore with rules, Functions, Hosting) and the Stripe sandbox
// - e2e:         real Chromium against the running local stack
const unitExclude = ['**/node_modules/**', '**/*.int.test.ts', '**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'contract/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'tools/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: unitExclude,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: unitExclude,
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          // Groups run one after another: integration and e2e share one stack (and its pinned clock).
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
