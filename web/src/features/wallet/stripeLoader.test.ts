import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripeWithin } from './stripeLoader';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadStripeWithin', () => {
  it('gives up with null after the timeout when Stripe.js never arrives (offline)', async () => {
    vi.useFakeTimers();
    const loading = loadStripeWithin('pk_test_x', 10_000, () => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void loading.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBeNull();
  });

  it('answers null when loading fails, and Stripe when it loads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadStripeWithin('pk_test_x', 1000, () => Promise.reject(new Error('blocked')))).resolves.toBeNull();
    const stripe = { elements: () => {} } as unknown as Stripe;
    await expect(loadStripeWithin('pk_test_x', 1000, () => Promise.resolve(stripe))).resolves.toBe(stripe);
  });
});
