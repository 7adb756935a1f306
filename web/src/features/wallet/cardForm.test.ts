import { describe, expect, it } from 'vitest';
import { parseExpiry } from './cardForm';

describe('parseExpiry', () => {
  it.each([
    ['12/30', 12, 2030],
    ['12 / 30', 12, 2030],
    ['1230', 12, 2030],
    ['12/2030', 12, 2030],
    ['122030', 12, 2030],
    ['0130', 1, 2030],
    ['1/30', 1, 2030],
    [' 07/31 ', 7, 2031],
  ])('reads "%s" as %i/%i', (typed, month, year) => {
    expect(parseExpiry(typed)).toEqual({ month, year });
  });

  it.each(['', '12', '123', '12/3', '1330', '00/30', '13/30', '12/203', '12-30', 'ab/cd'])('refuses "%s"', (typed) => {
    expect(parseExpiry(typed)).toBeNull();
  });
});
