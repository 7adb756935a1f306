import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors';
import { parseForm } from './form';

describe('parseForm', () => {
  it('nests bracketed keys the way the Stripe SDK encodes them', () => {
    const body =
      'amount=2500&metadata[userId]=u%201&payment_method_data[card][number]=4242+4242&payment_method_types[0]=card';

    expect(parseForm(body)).toEqual({
      amount: '2500',
      metadata: { userId: 'u 1' },
      payment_method_data: { card: { number: '4242 4242' } },
      payment_method_types: ['card'],
    });
  });

  it('reads percent-encoded brackets and appends for empty brackets', () => {
    expect(parseForm('expand%5B%5D=a&expand%5B%5D=b&list[1]=y&list[0]=x')).toEqual({
      expand: ['a', 'b'],
      list: ['x', 'y'],
    });
  });

  it('refuses a key that is both a value and an object', () => {
    expect(() => parseForm('metadata=x&metadata[a]=y')).toThrow(StripeApiError);
    expect(() => parseForm('amount=1&amount=2')).toThrow(StripeApiError);
  });
});
