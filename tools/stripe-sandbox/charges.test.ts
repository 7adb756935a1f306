import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { appOrigin, publishableKey, startSandboxWithClient, startWebhookReceiver, webhookSecret } from './test-support';

const verifier = new Stripe('sk_test_verifier');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setUp() {
  const receiver = await startWebhookReceiver();
  const { sandbox, stripe } = await startSandboxWithClient({ webhookUrl: receiver.url });
  closers.push(receiver.close, sandbox.close);
  const paid = async (paymentMethod = 'pm_card_visa') => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { userId: 'u1' } });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: paymentMethod });
  };
  /** The signed events received so far, verified as our webhook endpoint verifies them. */
  const events = () =>
    receiver.deliveries.map((d) => verifier.webhooks.constructEvent(d.body, d.signature, webhookSecret));
  const control = async (path: string, form: Record<string, string> = {}) => {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST', body: new URLSearchParams(form) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
  };
  return { receiver, sandbox, stripe, paid, events, control };
}

describe('refunds', () => {
  it('refund part, then the rest, of a payment with signed charge.refunded events, and never more', async () => {
    const { stripe, paid, receiver, events } = await setUp();
    const intent = await paid();
    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(partial).toMatchObject({ object: 'refund', amount: 1000, payment_intent: intent.id, status: 'succeeded' });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1500);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });

    await receiver.received(3);
    const refunded = events().filter((e) => e.type === 'charge.refunded');
    expect(refunded.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([1000, 2500]);
    expect(refunded[1]?.data.object).toMatchObject({ payment_intent: intent.id, refunded: true });

    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
  });

  it('retrieve a charge and a refund by id as they are now, and answer resource_missing for unknown ids', async () => {
    const { stripe, paid } = await setUp();
    const intent = await paid();
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 700 });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      object: 'charge',
      payment_intent: intent.id,
      amount: 2500,
      amount_refunded: 700,
      metadata: { userId: 'u1' },
    });
    for (const missing of [() => stripe.charges.retrieve('ch_unknown'), () => stripe.refunds.retrieve('re_unknown')]) {
      await expect(missing()).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    }
  });

  it('refuse a refund larger than what is left', async () => {
    const { stripe, paid } = await setUp();
    const intent = await paid();
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 2501 })).rejects.toThrow(
      'Refund amount ($25.01) is greater than unrefunded amount on charge ($25.00)',
    );
  });
});

describe('pending refunds', () => {
  it("keep a refund of Stripe's pending-refund card pending until the bank settles it, with charge.refund.updated", async () => {
    const { stripe, paid, receiver, events, control } = await setUp();
    const intent = await paid('pm_card_pendingRefund');
    const kept = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    const bounced = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect([kept.status, bounced.status]).toEqual(['pending', 'pending']);

    expect((await control(`/sandbox/refunds/${kept.id}/settle`, { outcome: 'succeeded' })).body.status).toBe(
      'succeeded',
    );
    expect((await control(`/sandbox/refunds/${bounced.id}/settle`, { outcome: 'failed' })).body.status).toBe('failed');
    expect((await control(`/sandbox/refunds/${kept.id}/settle`, { outcome: 'failed' })).status).toBe(400);
    // A failed refund gives its amount back to what is left refundable.
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(1500);

    await receiver.received(6);
    const updated = events().filter((e) => e.type === 'charge.refund.updated');
    expect(updated.map((e) => [(e.data.object as Stripe.Refund).id, (e.data.object as Stripe.Refund).status])).toEqual([
      [kept.id, 'succeeded'],
      [bounced.id, 'failed'],
    ]);
    expect(updated[0]?.data.object).toMatchObject({ payment_intent: intent.id });
  });
});

describe('disputes', () => {
  it('open a dispute and close it won or lost, each with its signed event, and list them', async () => {
    const { stripe, paid, receiver, events, control } = await setUp();
    const [first, second] = [await paid(), await paid()];
    const opened = await control(`/sandbox/payment_intents/${first.id}/dispute`);
    expect(opened.body).toMatchObject({ object: 'dispute', amount: 2500, status: 'needs_response' });
    const other = await control(`/sandbox/payment_intents/${second.id}/dispute`, { amount: '700' });
    expect((await control(`/sandbox/disputes/${opened.body.id}/close`, { outcome: 'won' })).body.status).toBe('won');
    expect((await control(`/sandbox/disputes/${other.body.id}/close`, { outcome: 'lost' })).body.status).toBe('lost');
    expect((await control(`/sandbox/disputes/${other.body.id}/close`, { outcome: 'won' })).status).toBe(400);
    await expect(stripe.refunds.create({ payment_intent: first.id })).rejects.toMatchObject({
      code: 'charge_disputed',
    });

    await receiver.received(6);
    expect(events().map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.succeeded',
      'charge.dispute.created',
      'charge.dispute.created',
      'charge.dispute.closed',
      'charge.dispute.closed',
    ]);
    const listed = await stripe.disputes.list({ payment_intent: second.id });
    expect(listed.data).toEqual([expect.objectContaining({ id: other.body.id, amount: 700, status: 'lost' })]);
    expect((await stripe.disputes.retrieve(opened.body.id)).status).toBe('won');
  });

  it('open a dispute by itself after a payment with the dispute test card', async () => {
    const { paid, receiver, events } = await setUp();
    const intent = await paid('pm_card_createDispute');
    expect(intent.status).toBe('succeeded');
    await receiver.received(2);
    const dispute = events().find((e) => e.type === 'charge.dispute.created')!.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({ payment_intent: intent.id, amount: 2500 });
  });
});

describe('test cards', () => {
  async function confirmWith(card: { number: string; exp_month?: string; exp_year?: string; cvc?: string }) {
    const { sandbox, stripe } = await startSandboxWithClient();
    closers.push(sandbox.close);
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const body = new URLSearchParams({
      key: publishableKey,
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': card.exp_month ?? '12',
      'payment_method_data[card][exp_year]': card.exp_year ?? '2034',
      'payment_method_data[card][cvc]': card.cvc ?? '123',
    });
    const res = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { Origin: appOrigin },
      body,
    });
    const reply = (await res.json()) as { status?: string; error?: { code: string; decline_code?: string } };
    return { httpStatus: res.status, intentStatus: reply.status, error: reply.error };
  }

  it.each([
    ['an expiry in the past (01/20)', { exp_month: '1', exp_year: '2020' }, 'invalid_expiry_year'],
    ['a two-digit past year', { exp_month: '1', exp_year: '20' }, 'invalid_expiry_year'],
    ['month 13', { exp_month: '13' }, 'invalid_expiry_month'],
    ['a malformed CVC', { cvc: '12a' }, 'invalid_cvc'],
  ])('decline the good card with %s', async (_, fields, code) => {
    const reply = await confirmWith({ number: '4242424242424242', ...fields });
    expect(reply.httpStatus).toBe(402);
    expect(reply.error?.code).toBe(code);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', undefined],
    ['4000000000000127', 'incorrect_cvc', undefined],
    ['4000000000000119', 'processing_error', undefined],
    ['4242424242424241', 'incorrect_number', undefined],
  ])("decline Stripe's test card %s with %s", async (number, code, declineCode) => {
    const reply = await confirmWith({ number });
    expect(reply.httpStatus).toBe(402);
    expect(reply.error?.code).toBe(code);
    expect(reply.error?.decline_code).toBe(declineCode);
  });

  it('charge the good card with a future expiry and a 4-digit CVC', async () => {
    const reply = await confirmWith({ number: '4242 4242 4242 4242', cvc: '1234' });
    expect(reply).toEqual({ httpStatus: 200, intentStatus: 'succeeded', error: undefined });
  });
});
