import { describe, expect, it } from 'vitest';
import { costLabel } from './predictions';

describe('costLabel', () => {
  it.each([
    [true, 'active', 'Free'],
    [true, 'hit', 'Free'],
    [true, 'missed', 'Free'],
    [false, 'active', 'Reserved $1'],
    [false, 'hit', 'Fee $1'],
    [false, 'missed', 'No Fee'],
    [false, 'cancelled', 'No Fee'],
    [true, 'cancelled', 'Free'],
  ] as const)('isFree %s, %s: %s', (isFree, status, label) => {
    expect(costLabel({ isFree, status })).toBe(label);
  });
});
