import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, tooManyRequestsMessage } from './errorMessages';

describe('tooManyRequestsMessage', () => {
  it('tells the user when to try again, in whole seconds', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests: try again in 1 second');
    expect(tooManyRequestsMessage(42)).toBe('Too many requests: try again in 42 seconds');
  });
});

describe('ERROR_MESSAGES.insufficientFunds', () => {
  it('names what the forecast reserves and the smallest top-up, the way the add-funds dialog allows', () => {
    expect(ERROR_MESSAGES.insufficientFunds).toBe(
      'Insufficient funds: this forecast reserves $1.00. Add funds to continue (top-ups start at $5.00).',
    );
  });
});
