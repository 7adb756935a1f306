import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it('leaves plain fields alone and writes null as an empty field', () => {
    expect(toCsv([['AAPL', 12.5, null, 'Free']])).toBe('AAPL,12.5,,Free');
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 (555) 0100')).toBe("'+1 (555) 0100");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(-3)).toBe('-3');
  });

  it('separates records with CRLF', () => {
    expect(toCsv([['a'], ['b']])).toBe('a\r\nb');
  });
});
