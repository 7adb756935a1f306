import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditLog, auditLogs } from './logAudit';

// The emulator's warning as firebase-tools 15 writes it (emulatorLogger.js). The addresses are TEST-NET ones
// (RFC 5737): documentation only, never contacted.
const FAR = 'http://192.0.2.1/external/v1/x';
const ALSO_FAR = 'https://198.51.100.7/v2';
/** Secret-shaped text made at run time, so that no secret-like literal stands in the source. */
const shaped = (...parts: string[]) => parts.join('_');
const warning = (url: string) =>
  `⚠  functions: External network resource requested!\n   - URL: "${url}"\n - Be careful, this may be a production service.\n`;

describe('the stack log audit', () => {
  it('names every URL the Functions emulator warned of', () => {
    const log = `i  functions: Beginning execution\n${warning(FAR)}ok\n${warning(ALSO_FAR)}`;
    expect(auditLog(log)).toEqual([
      { kind: 'external request', what: FAR },
      { kind: 'external request', what: ALSO_FAR },
    ]);
  });

  it("names firebase-tools' own network warnings and failed name lookups, line by line", () => {
    const motd =
      '⚠  Unable to fetch the CLI MOTD and remote config. This is not a fatal error, but may indicate an issue with ' +
      'your network connection.';
    const lookup = 'Error: getaddrinfo ENOTFOUND firebase-public.firebaseio.com';
    const later = '{"severity":"WARNING","message":"provider call failed","code":"EAI_AGAIN"}';
    const log = `i  emulators: Starting emulators\n${motd}\nok\n${lookup}\n${later}\n`;
    expect(auditLog(log)).toEqual([
      { kind: 'network warning', what: motd.slice(0, 200) },
      { kind: 'network warning', what: lookup },
      { kind: 'network warning', what: later },
    ]);
    expect(auditLog('Unable to fetch quotes: ENOTFOUND api.example.test')).toHaveLength(1);
  });

  it("names every request past loopback in firebase-tools' debug log, and its failed version check", () => {
    // As firebase-tools 15 writes firebase-debug.log (apiv2.js, versioning.js).
    const debug = [
      '[debug] [2026-11-28T09:19:19.670Z] >>> [apiv2][query] GET http://127.0.0.1:6101/demo-stockseer/us-central1/api/api/health ',
      '[debug] [2026-11-28T09:19:19.736Z] <<< [apiv2][status] GET http://127.0.0.1:6101/demo-stockseer/us-central1/api/api/health 404',
      '[debug] [2026-11-28T09:19:18.001Z] >>> [apiv2][query] GET https://firebase-public.firebaseio.com/cli.json ',
      `[debug] [2026-11-28T09:19:18.002Z] >>> [apiv2][query] POST ${ALSO_FAR} `,
      '[debug] [2026-11-28T09:19:18.003Z] >>> [apiv2][query] GET http://localhost:6101/x ',
      '[debug] [2026-11-28T09:19:18.500Z] checkFunctionsSDKVersion was unable to fetch information from NPM Error: spawnSync npm ETIMEDOUT',
      '[debug] [2026-11-28T09:19:18.600Z] Failed to fetch MOTD FetchError: request to https://firebase-public.firebaseio.com/cli.json failed',
    ].join('\n');
    expect(auditLog(debug)).toEqual([
      { kind: 'external request', what: 'https://firebase-public.firebaseio.com/cli.json' },
      { kind: 'external request', what: ALSO_FAR },
      { kind: 'network warning', what: debug.split('\n')[5]!.slice(0, 200) },
      { kind: 'network warning', what: debug.split('\n')[6]!.slice(0, 200) },
    ]);
  });

  it('reports a network warning without the secret on its line', () => {
    const line = `getaddrinfo ENOTFOUND api.example.test (key ${shaped('sk', 'test', 'sandbox')})`;
    const warning = auditLog(line).find((f) => f.kind === 'network warning');
    expect(warning?.what).toBe('getaddrinfo ENOTFOUND api.example.test (key [a Stripe secret or restricted key])');
  });

  it('finds tokens, keys, client secrets and card numbers, without repeating them', () => {
    const secrets = [
      `Authorization: Bearer ${[{ alg: 'none' }, { uid: 'abcdefgh' }].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.')}.`,
      `key ${shaped('sk', 'test', 'sandbox')}`,
      shaped('sk', 'live', '51Habc'),
      shaped('rk', 'test', 'abcdef'),
      shaped('whsec', 'sandbox'),
      shaped('pi', '3Nabc', 'secret', 'xyz'),
      'card 4242 4242 4242 4242',
      'card 4000000000000002',
    ];
    const found = secrets.map((line) => auditLog(line).map((f) => f.what));
    expect(found).toEqual([
      ['an ID token (JWT)'],
      ['a Stripe secret or restricted key'],
      ['a Stripe secret or restricted key'],
      ['a Stripe secret or restricted key'],
      ['a Stripe webhook secret'],
      ["a PaymentIntent's client secret"],
      ['a card number'],
      ['a card number'],
    ]);
    for (const line of secrets) expect(JSON.stringify(auditLog(line))).not.toContain(line.split(' ').at(-1));
  });

  it('passes ordinary lines: request lines, ids, timestamps, long numbers that are no card', () => {
    const ordinary = [
      '{"severity":"INFO","message":"request","requestId":"3f1c9a1e-8a4b-4c1d-9e2f-0a1b2c3d4e5f","route":"/api/wallet","status":200,"latencyMs":12,"uidHash":"9f86d081884c7d65"}',
      'i  hosting: 127.0.0.1 - - [25/Nov/2026:12:53:37 +0000] "GET /api/health HTTP/1.1" 200 15',
      'pi_3NabcDEF succeeded; deposit:pi_3NabcDEF written',
      'timestamps 1764075217123456 and 1764075217125 (Luhn-valid, yet a millisecond time)',
      'uuid 4242424242424241 fails Luhn',
      '"requestId":"59449178-3859-4144-8c1d-0a1b2c3d4e5f"',
      'i  functions: Loaded functions definitions from source: api (the notfound route answered 404)',
    ];
    for (const line of ordinary) expect(auditLog(line), line).toEqual([]);
  });

  it("reads every log file of a folder (firebase-tools' debug log for the network only), and nothing of a folder that is not there", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stack-logs-'));
    writeFileSync(path.join(dir, 'emulators.log'), warning(FAR));
    writeFileSync(path.join(dir, 'firestore.log'), 'API endpoint: http://127.0.0.1:8080\n');
    writeFileSync(
      path.join(dir, 'firebase-debug.log'),
      `[debug] >>> [apiv2][query] GET ${ALSO_FAR} \n[debug] id 4242 4242 4242 4242\n`,
    );
    writeFileSync(path.join(dir, 'functions.log'), 'card 4242 4242 4242 4242\n');
    expect(auditLogs(dir)).toEqual([
      { file: 'emulators.log', kind: 'external request', what: FAR },
      { file: 'firebase-debug.log', kind: 'external request', what: ALSO_FAR },
      { file: 'functions.log', kind: 'secret', what: 'a card number' },
    ]);
    expect(auditLogs(path.join(dir, 'missing'))).toEqual([]);
  });
});
