import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { copyWithoutRequests, isPerRequestLine, logsRequests } from './requestLog';

// Lines as the Firebase emulators print them (firebase-tools 15).
const PER_REQUEST = [
  '[hosting] Rewriting /api/me to http://127.0.0.1:5001/demo-stockseer/us-central1/api for local Function us-central1/api',
  'i  hosting: 127.0.0.1 - - [24/Nov/2026:00:37:10 +0000] "GET /api/health HTTP/1.1" 200 15 "-" "node"',
  'i  functions: Beginning execution of "us-central1-api"',
  'i  functions: Finished "us-central1-api" in 12.5ms',
  'Nov 24, 2026 12:42:57 AM io.gapi.emulators.netty.HttpVersionRoutingHandler channelRead',
  'INFO: Detected HTTP/2 connection.',
  '\u001b[36mi  hosting:\u001b[39m 127.0.0.1 - - [24/Nov/2026:00:37:10 +0000] "GET / HTTP/1.1" 200 1 "-" "x"',
];
const KEPT = [
  'i  emulators: Starting emulators: auth, functions, hosting',
  '✔  hosting[demo-stockseer]: Local server: http://127.0.0.1:5000',
  '⚠  functions: Error: MARKET_DATA_DIR must be set for the chosen market data provider',
  '>  {"severity":"ERROR","message":"Unhandled error in GET /api/stocks/search"}',
  '✔  functions: Loaded functions definitions from source: api.',
  'INFO: Started WebSocket server on ws://127.0.0.1:37797',
];

describe('the stack log without per-request lines', () => {
  it('recognises the access log, rewrite and function-call lines, and nothing else', () => {
    for (const line of PER_REQUEST) expect(isPerRequestLine(line), line).toBe(true);
    for (const line of KEPT) expect(isPerRequestLine(line), line).toBe(false);
  });

  it('copies start-up lines and errors through, in order', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let out = '';
    to.on('data', (chunk: Buffer) => (out += chunk.toString()));
    copyWithoutRequests(from, to);
    from.end([KEPT[0], PER_REQUEST[0], PER_REQUEST[1], KEPT[2], PER_REQUEST[2], KEPT[3]].join('\n') + '\n');
    await new Promise((resolve) => from.on('end', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toBe([KEPT[0], KEPT[2], KEPT[3]].join('\n') + '\n');
  });

  it('shows every request only when STACK_LOG_REQUESTS=1', () => {
    expect(logsRequests({ STACK_LOG_REQUESTS: '1' })).toBe(true);
    expect(logsRequests({})).toBe(false);
  });
});
