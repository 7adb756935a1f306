import { describe, expect, it } from 'vitest';
import { tooManyRequestsMessage } from './errorMessages';

describe('tooManyRequestsMessage', () => {
  it('tells the user when to try again, in whole seconds', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests: try again in 1 second');
    expect(tooManyRequestsMessage(42)).toBe('Too many requests: try again in 42 seconds');
  });
});
