import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from './server';
import type { StripeEvent } from './webhooks';
import { startSandboxWithClient, startWebhookReceiver, webhookSecret } from './test-support';

const verifier = new Stripe('sk_test_verifier');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setUp(statuses: number[] = [], webhookRetryDelaysMs: number[] = [20, 20, 20]) {
  const receiver = await startWebhookReceiver(statuses);
  const { sandbox, stripe } = await startSandboxWithClient({ webhookUrl: receiver.url, webhookRetryDelaysMs });
  closers.push(receiver.close, sandbox.close);
  const topUp = () => stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { userId: 'user-1' } });
  return { receiver, sandbox, stripe, topUp };
}

async function listEvents(sandbox: StripeSandbox): Promise<StripeEvent[]> {
  return ((await (await fetch(`${sandbox.url}/sandbox/events`)).json()) as { data: StripeEvent[] }).data;
}

describe('webhooks', () => {
  it('post payment_intent.succeeded, signed so that stripe.webhooks.constructEvent verifies it', async () => {
    const { receiver, stripe, topUp } = await setUp();
    const intent = await topUp();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });

    await receiver.received(1);
    const [delivery] = receiver.deliveries;
    const event = verifier.webhooks.constructEvent(delivery!.body, delivery!.signature, webhookSecret);

    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      api_version: Stripe.API_VERSION,
      data: { object: { id: intent.id, status: 'succeeded', amount_received: 2500, metadata: { userId: 'user-1' } } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('fail verification when the body was tampered with or the secret is wrong', async () => {
    const { receiver, topUp, stripe } = await setUp();
    await stripe.paymentIntents.confirm((await topUp()).id, { payment_method: 'pm_card_visa' });
    await receiver.received(1);
    const { body, signature } = receiver.deliveries[0]!;

    const tampered = body.replace('"amount_received": 2500', '"amount_received": 250000');
    expect(tampered).not.toBe(body);
    expect(() => verifier.webhooks.constructEvent(tampered, signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifier.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retry with backoff until the endpoint answers 2xx', async () => {
    const { receiver, sandbox, stripe, topUp } = await setUp([500, 503]);
    await stripe.paymentIntents.confirm((await topUp()).id, { payment_method: 'pm_card_visa' });

    await receiver.received(3);
    const eventIds = receiver.deliveries.map(({ body }) => (JSON.parse(body) as StripeEvent).id);
    expect(new Set(eventIds).size).toBe(1);
    expect((await listEvents(sandbox))[0]).toMatchObject({ id: eventIds[0], pending_webhooks: 0 });
  });

  it('stop retrying after the bounded number of attempts', async () => {
    const { receiver, sandbox, stripe, topUp } = await setUp([500, 500, 500, 500, 500], [10, 10]);
    await stripe.paymentIntents.confirm((await topUp()).id, { payment_method: 'pm_card_visa' });

    await receiver.received(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.deliveries).toHaveLength(3);
    expect((await listEvents(sandbox))[0]).toMatchObject({ pending_webhooks: 1 });
  });

  it('redeliver an event on POST /sandbox/events/:id/resend, freshly signed, for replay tests', async () => {
    const { receiver, sandbox, stripe, topUp } = await setUp();
    const intent = await topUp();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await receiver.received(1);
    const [event] = await listEvents(sandbox);

    const resend = await fetch(`${sandbox.url}/sandbox/events/${event!.id}/resend`, { method: 'POST' });

    expect(await resend.json()).toEqual({ event: event!.id, delivered: true, status: 200 });
    expect(receiver.deliveries).toHaveLength(2);
    const replayed = verifier.webhooks.constructEvent(
      receiver.deliveries[1]!.body,
      receiver.deliveries[1]!.signature,
      webhookSecret,
    );
    expect(replayed).toMatchObject({ id: event!.id, data: { object: { id: intent.id } } });
    expect((await fetch(`${sandbox.url}/sandbox/events/evt_unknown/resend`, { method: 'POST' })).status).toBe(404);
  });

  it('list events newest first', async () => {
    const { receiver, sandbox, stripe, topUp } = await setUp();
    const first = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const second = await stripe.paymentIntents.confirm((await topUp()).id, { payment_method: 'pm_card_visa' });
    await receiver.received(2);

    const events = await listEvents(sandbox);

    expect(events.map((event) => (event.data.object as { id: string }).id)).toEqual([second.id, first.id]);
  });
});
