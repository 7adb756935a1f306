import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './config';
import { resolveMarketData } from './marketDataDir';

// The CSV provider's fixtures: AAPL ends on 2020-09-02, KO and ZZZZ on 2021-04-21.
const FIXTURES = 'functions/src/adapters/market-data/fixtures/csv';

describe('resolveMarketData', () => {
  it('leaves the demo provider alone when MARKET_DATA_DIR is unset', () => {
    expect(resolveMarketData({}, ROOT, '2026-11-23')).toEqual({ kind: 'none' });
  });

  it('reads a relative folder from the repository root, not from where the command runs', () => {
    const setup = resolveMarketData({ MARKET_DATA_DIR: FIXTURES }, ROOT, '2026-11-23');
    expect(setup).toMatchObject({ kind: 'ready', dir: path.join(ROOT, FIXTURES), lastDay: '2021-04-21' });
  });

  it('pins today to the last trading day of the data when the data ends before today, and says so', () => {
    const setup = resolveMarketData({ MARKET_DATA_DIR: FIXTURES }, ROOT, '2026-11-23');
    expect(setup).toMatchObject({ pinToday: '2021-04-21' });
    expect(setup.kind === 'ready' && setup.notice).toMatch(/end on 2021-04-21: the local date is pinned to 2021-04-21/);
  });

  it('keeps a date the user pinned, and pins nothing while the data reaches today', () => {
    const pinned = resolveMarketData({ MARKET_DATA_DIR: FIXTURES, STOCKSEER_TODAY: '2021-03-01' }, ROOT, '2026-11-23');
    expect(pinned).toMatchObject({ kind: 'ready', pinToday: null, notice: null });
    expect(resolveMarketData({ MARKET_DATA_DIR: FIXTURES }, ROOT, '2021-04-21')).toMatchObject({ pinToday: null });
  });

  it('stops with a message naming the resolved folder when it holds no price files', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'stockseer-nodata-'));
    mkdirSync(path.join(empty, 'daily'));
    for (const dir of ['../no-such-folder', empty]) {
      const setup = resolveMarketData({ MARKET_DATA_DIR: dir }, ROOT, '2026-11-23');
      expect(setup.kind).toBe('missing');
      expect(setup.kind === 'missing' && setup.message).toContain(path.resolve(ROOT, dir));
    }
  });
});
