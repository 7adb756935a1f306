import { describe, expect, it } from 'vitest';
import { parseCsvTable } from './csv-table';

describe('parseCsvTable', () => {
  it('keys records by lower-cased headers and keeps quoted commas, quotes and line breaks', () => {
    const text = 'Symbol,Security,HQ\r\nBRK.B,Berkshire Hathaway,"Omaha, Nebraska"\r\n\r\nX,"Say ""hi""","a\nb"\r\n';
    expect(parseCsvTable(text)).toEqual([
      { symbol: 'BRK.B', security: 'Berkshire Hathaway', hq: 'Omaha, Nebraska' },
      { symbol: 'X', security: 'Say "hi"', hq: 'a\nb' },
    ]);
  });

  it('reads a last line without a line break and an empty file', () => {
    expect(parseCsvTable('a,b\n1,2')).toEqual([{ a: '1', b: '2' }]);
    expect(parseCsvTable('')).toEqual([]);
  });
});
