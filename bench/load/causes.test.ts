import { describe, expect, it } from 'vitest';
import { countCauses, parseRequestLines, type RequestLine } from './causes';

const line = (requestId: string, fields: Partial<RequestLine> = {}): RequestLine => ({
  message: 'request',
  requestId,
  route: '/api/wallet',
  latencyMs: 20,
  instanceRequest: 40,
  tokenChecks: 0,
  transactionRetries: 0,
  cacheRefreshes: 0,
  ...fields,
});

describe('the request lines of the emulator log', () => {
  it('reads the relayed request lines and skips every other line', () => {
    const log = [
      'i  functions: Beginning execution of "us-central1-api"',
      `>  ${JSON.stringify({ ...line('a'), severity: 'INFO', uidHash: null })}`,
      `>  ${JSON.stringify({ requestId: 'b', severity: 'WARNING', message: 'something else' })}`,
      '>  {"severity":"INFO","message":"no request"}',
      '',
    ].join('\n');
    const lines = parseRequestLines(log);
    expect([...lines.keys()]).toEqual(['a']);
    expect(lines.get('a')).toMatchObject({ route: '/api/wallet', latencyMs: 20 });
  });
});

describe('the causes of a run', () => {
  it('sums the work of every request and explains each slow one', () => {
    const lines = new Map(
      [
        line('fast', { tokenChecks: 1 }),
        line('cold', { latencyMs: 300, instanceRequest: 1, tokenChecks: 1 }),
        line('contended', { latencyMs: 1_400, transactionRetries: 2, cacheRefreshes: 1 }),
      ].map((l) => [l.requestId, l]),
    );
    const causes = countCauses(
      [
        { ms: 25, requestId: 'fast' },
        { ms: 2_300, requestId: 'cold' },
        { ms: 1_450, requestId: 'contended' },
        { ms: 1_200, requestId: null },
      ],
      lines,
    );
    expect(causes).toMatchObject({
      requests: 4,
      withoutRequestLine: 1,
      workerStarts: 1,
      tokenChecks: 2,
      transactionRetries: 2,
      cacheRefreshes: 1,
      outsideAppMaxMs: 2_000,
      slow: {
        count: 3,
        onANewWorker: 1,
        mostlyOutsideTheApp: 1,
        appTookOverASecond: 1,
        withTransactionRetries: 1,
        withCacheRefreshes: 1,
        withTokenChecks: 1,
      },
    });
  });
});
