import { config } from 'zod';

/**
 * Zod compiles fast parsers with `new Function`, which our Content-Security-Policy refuses (no 'unsafe-eval'), and
 * its probe for that is itself reported as a CSP violation. Imported first by main.tsx, before any schema exists.
 */
config({ jitless: true });
