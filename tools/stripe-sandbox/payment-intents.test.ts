import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from './server';
import { appOrigin, confirmFromBrowser, publishableKey, startSandboxWithClient, stripeClient } from './test-support';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startSandboxWithClient());
});
afterAll(() => sandbox.close());

const walletTopUp = { amount: 2500, currency: 'usd', metadata: { userId: 'user-1' } };

describe('PaymentIntents through the Stripe SDK', () => {
  it('creates an intent that awaits a payment method, with the user id in metadata', async () => {
    const intent = await stripe.paymentIntents.create({ ...walletTopUp, automatic_payment_methods: { enabled: true } });

    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 2500,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { userId: 'user-1' },
      automatic_payment_methods: { enabled: true },
      last_payment_error: null,
      livemode: false,
    });
    expect(intent.id).toMatch(/^pi_\w+$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(intent.created).toBeCloseTo(Date.now() / 1000, -1);
  });

  it('succeeds with the 4242 test card and records the amount received', async () => {
    const created = await stripe.paymentIntents.create({ ...walletTopUp, allowed_payment_method_types: ['card'] });

    const confirmed = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });

    expect(confirmed).toMatchObject({
      id: created.id,
      status: 'succeeded',
      amount_received: 2500,
      allowed_payment_method_types: ['card'],
      automatic_payment_methods: null,
    });
    expect(confirmed.payment_method).toMatch(/^pm_/);
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect(await stripe.paymentIntents.retrieve(created.id)).toEqual(confirmed);
  });

  it('declines the 0002 test card with a StripeCardError and keeps the intent open for another card', async () => {
    const created = await stripe.paymentIntents.create(walletTopUp);

    const declined = await stripe.paymentIntents
      .confirm(created.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((error: unknown) => error);

    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: created.id, status: 'requires_payment_method' },
    });
    const afterDecline = await stripe.paymentIntents.retrieve(created.id);
    expect(afterDecline).toMatchObject({ status: 'requires_payment_method', amount_received: 0, payment_method: null });
    expect(afterDecline.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined' });

    const retried = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(retried).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });

  it('creates and confirms in one call with payment_method and confirm=true', async () => {
    const intent = await stripe.paymentIntents.create({
      ...walletTopUp,
      payment_method: 'pm_card_visa',
      confirm: true,
    });

    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2500 });
  });

  it('refuses to confirm an intent that already succeeded', async () => {
    const intent = await stripe.paymentIntents.create({
      ...walletTopUp,
      payment_method: 'pm_card_visa',
      confirm: true,
    });

    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'payment_intent_unexpected_state',
    });
  });

  it('cancels an unpaid intent for good, and refuses to cancel a paid one, as Stripe does', async () => {
    const open = await stripe.paymentIntents.create(walletTopUp);
    const canceled = await stripe.paymentIntents.cancel(open.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ id: open.id, status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toBeCloseTo(Date.now() / 1000, -1);
    expect(await stripe.paymentIntents.retrieve(open.id)).toEqual(canceled);
    for (const again of [
      () => stripe.paymentIntents.confirm(open.id, { payment_method: 'pm_card_visa' }),
      () => stripe.paymentIntents.cancel(open.id),
    ]) {
      await expect(again()).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        code: 'payment_intent_unexpected_state',
      });
    }
    expect((await stripe.paymentIntents.retrieve(open.id)).amount_received).toBe(0);

    const paid = await stripe.paymentIntents.create({ ...walletTopUp, payment_method: 'pm_card_visa', confirm: true });
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toThrow(
      /cannot cancel this PaymentIntent because it has a status of succeeded/,
    );
    await expect(stripe.paymentIntents.cancel('pi_unknown')).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      stripe.paymentIntents.cancel(paid.id, { cancellation_reason: 'bored' as 'abandoned' }),
    ).rejects.toMatchObject({ param: 'cancellation_reason' });
  });

  it('answers resource_missing (404) for an unknown intent', async () => {
    await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_unknown'",
    });
  });

  it('validates parameters as Stripe does', async () => {
    await expect(stripe.paymentIntents.create({ ...walletTopUp, amount: 10 })).rejects.toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    await expect(
      stripe.paymentIntents.create({ ...walletTopUp, colour: 'red' } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    await expect(stripe.paymentIntents.confirm('pi_unknown', { payment_method: 'pm_card_visa' })).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
  });
});

describe('idempotency keys', () => {
  it('replay the first response: the same object, and no second intent', async () => {
    const first = await stripe.paymentIntents.create(walletTopUp, { idempotencyKey: 'top-up-1' });
    const again = await stripe.paymentIntents.create(walletTopUp, { idempotencyKey: 'top-up-1' });

    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('replay a declined confirm without charging again', async () => {
    const intent = await stripe.paymentIntents.create(walletTopUp);
    const confirm = () =>
      stripe.paymentIntents
        .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: `confirm-${intent.id}` })
        .catch((error: Stripe.errors.StripeCardError) => error.charge);

    expect(await confirm()).toBe(await confirm());
  });

  it('refuse a key reused with other parameters (idempotency_error, 400)', async () => {
    await stripe.paymentIntents.create(walletTopUp, { idempotencyKey: 'top-up-2' });

    const reuse = stripe.paymentIntents.create({ ...walletTopUp, amount: 5000 }, { idempotencyKey: 'top-up-2' });

    await expect(reuse).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(reuse).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('API keys', () => {
  it('refuse a key that is not a test secret key with 401 and Stripe error shape', async () => {
    const live = stripeClient(sandbox, ['sk', 'live', '0123456789abcdef'].join('_'));
    await expect(live.paymentIntents.create(walletTopUp)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );

    const response = await fetch(`${sandbox.url}/v1/payment_intents/pi_any`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
  });

  it('refuse a publishable key where Stripe wants a secret key', async () => {
    const browserKey = stripeClient(sandbox, publishableKey);
    await expect(browserKey.paymentIntents.create(walletTopUp)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('the sandbox card form (publishable key + client secret, from the browser)', () => {
  it('succeeds with 4242 4242 4242 4242 and lets a 127.0.0.1 origin read the answer', async () => {
    const intent = await stripe.paymentIntents.create(walletTopUp);

    const response = await confirmFromBrowser(sandbox, intent, '4242 4242 4242 4242');

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(await response.json()).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 2500 });
    const query = new URLSearchParams({ key: publishableKey, client_secret: intent.client_secret ?? '' });
    const read = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}?${query}`, {
      headers: { Origin: appOrigin },
    });
    expect(await read.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
  });

  it('declines 4000 0000 0000 0002 with Stripe card_error shape (402)', async () => {
    const intent = await stripe.paymentIntents.create(walletTopUp);

    const response = await confirmFromBrowser(sandbox, intent, '4000000000000002');

    expect(response.status).toBe(402);
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(await response.json()).toEqual({
      error: expect.objectContaining({
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: expect.objectContaining({ id: intent.id, status: 'requires_payment_method' }),
      }),
    });
  });

  it('refuses a client secret of another intent', async () => {
    const intent = await stripe.paymentIntents.create(walletTopUp);
    const other = await stripe.paymentIntents.create(walletTopUp);

    const response = await confirmFromBrowser(
      sandbox,
      { id: intent.id, client_secret: other.client_secret },
      '4242424242424242',
    );

    expect(response.status).toBe(400);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('answers the CORS preflight for 127.0.0.1 origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${sandbox.url}/v1/payment_intents/pi_any/confirm`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });

    const allowed = await preflight(appOrigin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
