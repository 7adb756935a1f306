import { config } from 'zod/v4/core';

/**
 * Zod compiles fast parsers with `new Function`, which our Content-Security-Policy refuses (no 'unsafe-eval'), and
 * its probe for that is itself reported as a CSP violation. A schema decides whether to compile when it is built, so
 * `jitless` must be set before any schema exists: the web build resolves `zod` to this module (vite.config.ts), so
 * the setting comes with zod itself, whichever chunk the contract's schemas land in. main.tsx imports it first too.
 */
export * from 'zod/v4';
config({ jitless: true });
