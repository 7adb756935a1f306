import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../../../tools/stripe-sandbox/server';
import { AppError } from '../../domain/errors';
import { stripeClient, stripeSettingsFrom, type StripeSettings } from './client';
import { REFUND_HOLD_METADATA, stripeGateway, stripeGatewayAtFirstUse, type PaymentGateway } from './gateway';

// The real SDK against the sandbox that ships in the repo, in process: no emulators needed.
let sandbox: StripeSandbox;
let settings: StripeSettings;
let gateway: PaymentGateway;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, webhookSecret: 'whsec_unit' });
  settings = { secretKey: 'sk_test_unit', webhookSecret: 'whsec_unit', apiUrl: sandbox.url };
  stripe = stripeClient(settings);
  gateway = stripeGateway(settings, stripe);
});
afterAll(async () => {
  await sandbox?.close();
});

const topUp = (idempotencyKey = `key-${Math.random()}`) =>
  gateway.createTopUp({ userId: 'user-1', amountCents: 2050, idempotencyKey });

/** A signed delivery of `payment_intent.succeeded`, built the way Stripe builds it. */
function signedEvent(object: unknown, type = 'payment_intent.succeeded', secret = settings.webhookSecret) {
  const payload = JSON.stringify({ id: 'evt_unit', object: 'event', type, data: { object } });
  return { body: Buffer.from(payload), signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe('the Stripe gateway', () => {
  it('creates a card-only USD PaymentIntent for the user, and the same one again for the same idempotency key', async () => {
    const first = await topUp('same-key-1');
    expect(first.clientSecret).toMatch(new RegExp(`^${first.paymentIntentId}_secret_`));
    expect(await topUp('same-key-1')).toEqual(first);
    expect((await topUp('other-key-1')).paymentIntentId).not.toBe(first.paymentIntentId);

    const intent = await stripe.paymentIntents.retrieve(first.paymentIntentId);
    expect(intent).toMatchObject({
      amount: 2050,
      currency: 'usd',
      metadata: { userId: 'user-1' },
      allowed_payment_method_types: ['card'],
      status: 'requires_payment_method',
    });
  });

  it('reports a top-up as succeeded, with the amount Stripe received, only after the card was charged', async () => {
    const { paymentIntentId } = await topUp();
    expect(await gateway.retrieveTopUp(paymentIntentId)).toEqual({
      paymentIntentId,
      userId: 'user-1',
      succeeded: false,
      status: 'requires_payment_method',
      amountCents: 2050,
    });
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(await gateway.retrieveTopUp(paymentIntentId)).toMatchObject({ succeeded: true, amountCents: 2050 });
  });

  it('treats a payment without our metadata or in another currency as no top-up', async () => {
    const foreign = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    expect((await gateway.retrieveTopUp(foreign.id)).userId).toBeNull();
    const euros = await stripe.paymentIntents.create({ amount: 900, currency: 'eur', metadata: { userId: 'user-1' } });
    expect((await gateway.retrieveTopUp(euros.id)).userId).toBeNull();
  });

  it('answers 404 for a PaymentIntent Stripe does not know', async () => {
    await expect(gateway.retrieveTopUp('pi_missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('verifies webhook signatures on the raw bytes and rejects a tampered body or a wrong secret', async () => {
    const { paymentIntentId } = await topUp();
    const intent = await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const { body, signature } = signedEvent(intent);
    expect(gateway.verifyWebhook(body, signature)).toEqual({
      kind: 'money',
      eventId: 'evt_unit',
      type: 'payment_intent.succeeded',
      object: { kind: 'payment_intent', id: paymentIntentId },
    });

    const tampered = Buffer.from(body.toString().replace('"amount_received":2050', '"amount_received":999999'));
    expect(tampered.equals(body)).toBe(false);
    const wrongSecret = signedEvent(intent, 'payment_intent.succeeded', 'whsec_other');
    for (const [raw, header] of [
      [tampered, signature],
      [wrongSecret.body, wrongSecret.signature],
      [body, undefined],
    ] as const) {
      let thrown: unknown;
      try {
        gateway.verifyWebhook(raw, header);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ kind: 'validation', message: 'Invalid Stripe webhook signature' });
    }
  });

  it('acknowledges other event types without reading them as payments', () => {
    const { body, signature } = signedEvent({ id: 'pi_x' }, 'payment_intent.created');
    expect(gateway.verifyWebhook(body, signature)).toEqual({
      kind: 'other',
      eventId: 'evt_unit',
      type: 'payment_intent.created',
    });
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const down = stripeGateway({ ...settings, apiUrl: 'http://127.0.0.1:9' }, undefined);
    await expect(down.createTopUp({ userId: 'u', amountCents: 500, idempotencyKey: 'k-down' })).rejects.toMatchObject({
      kind: 'upstream_unavailable',
    });
  });

  it('reads its settings by name, and without keys answers 503 instead of failing at start', async () => {
    expect(stripeSettingsFrom({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
    });
    const unconfigured = stripeGatewayAtFirstUse(() => stripeSettingsFrom({}));
    await expect(unconfigured.retrieveTopUp('pi_x')).rejects.toMatchObject({ kind: 'upstream_unavailable' });
  });

  it('reads money events as the object they name, and nothing else of them', () => {
    const named = [
      ['charge.refunded', 'charge', 'ch_1'],
      ['charge.refund.updated', 'refund', 're_1'],
      ['charge.dispute.created', 'dispute', 'dp_1'],
      ['charge.dispute.closed', 'dispute', 'dp_1'],
    ] as const;
    for (const [type, kind, id] of named) {
      const { body, signature } = signedEvent({ id, object: kind, payment_intent: 'pi_named', amount: 999_999 }, type);
      expect(gateway.verifyWebhook(body, signature)).toEqual({
        kind: 'money',
        eventId: 'evt_unit',
        type,
        object: { kind, id },
      });
    }
    const orphan = signedEvent({ object: 'charge', payment_intent: 'pi_named' }, 'charge.refunded');
    expect(gateway.verifyWebhook(orphan.body, orphan.signature)).toMatchObject({ kind: 'money', object: null });
  });

  it("reads an event's top-up back from Stripe through the object it names, and names what Stripe lacks", async () => {
    const { paymentIntentId } = await topUp();
    const paid = await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 50 });
    const dispute = (await (
      await fetch(`${sandbox.url}/sandbox/payment_intents/${paymentIntentId}/dispute`, { method: 'POST' })
    ).json()) as { id: string };
    const history = await gateway.retrieveTopUpHistory(paymentIntentId);
    expect(history.payment).toMatchObject({ paymentIntentId, userId: 'user-1', amountCents: 2050 });
    for (const object of [
      { kind: 'payment_intent', id: paymentIntentId },
      { kind: 'charge', id: paid.latest_charge as string },
      { kind: 'refund', id: refund.id },
      { kind: 'dispute', id: dispute.id },
    ] as const) {
      expect(await gateway.retrieveEventHistory(object)).toEqual(history);
    }
    for (const [kind, id] of [
      ['payment_intent', 'pi_missing'],
      ['charge', 'ch_missing'],
      ['refund', 're_missing'],
      ['dispute', 'dp_missing'],
    ] as const) {
      await expect(gateway.retrieveEventHistory({ kind, id })).rejects.toMatchObject({
        kind: 'not_found',
        message: `Stripe has no ${kind} ${id}`,
      });
    }
    const down = stripeGateway({ ...settings, apiUrl: 'http://127.0.0.1:9' }, undefined);
    await expect(down.retrieveEventHistory({ kind: 'charge', id: 'ch_x' })).rejects.toMatchObject({
      kind: 'upstream_unavailable',
    });
  });

  it('cancels an unpaid top-up for good, and tells a paid one as paid', async () => {
    const open = await topUp();
    expect(await gateway.cancelTopUp(open.paymentIntentId)).toMatchObject({ succeeded: false, status: 'canceled' });
    expect(await gateway.cancelTopUp(open.paymentIntentId)).toMatchObject({ status: 'canceled' });
    await expect(
      stripe.paymentIntents.confirm(open.paymentIntentId, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });

    const paid = await topUp();
    await stripe.paymentIntents.confirm(paid.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect(await gateway.cancelTopUp(paid.paymentIntentId)).toMatchObject({ succeeded: true, amountCents: 2050 });
    await expect(gateway.cancelTopUp('pi_missing')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('reports a top-up with its refunds (their status, and the admin refund hold each was made from) and its disputes, oldest first, as Stripe has them', async () => {
    const { paymentIntentId } = await topUp();
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const first = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 50 });
    const second = await stripe.refunds.create({
      payment_intent: paymentIntentId,
      amount: 100,
      metadata: { [REFUND_HOLD_METADATA]: 'hold-1' },
    });
    const dispute = (await (
      await fetch(`${sandbox.url}/sandbox/payment_intents/${paymentIntentId}/dispute`, { method: 'POST' })
    ).json()) as { id: string };
    expect(await gateway.retrieveTopUpHistory(paymentIntentId)).toEqual({
      payment: { paymentIntentId, userId: 'user-1', succeeded: true, status: 'succeeded', amountCents: 2050 },
      refunds: [
        { refundId: first.id, amountCents: 50, status: 'succeeded', holdId: null },
        { refundId: second.id, amountCents: 100, status: 'succeeded', holdId: 'hold-1' },
      ],
      disputes: [{ disputeId: dispute.id, amountCents: 1900, status: 'open' }],
    });
    await fetch(`${sandbox.url}/sandbox/disputes/${dispute.id}/close`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'lost' }),
    });
    expect((await gateway.retrieveTopUpHistory(paymentIntentId)).disputes).toEqual([
      { disputeId: dispute.id, amountCents: 1900, status: 'lost' },
    ]);
  });

  it("lists our wallets' money of a period, page after page: succeeded top-ups, refunds and disputes, each with its wallet", async () => {
    const older = await topUp();
    await stripe.paymentIntents.confirm(older.paymentIntentId, { payment_method: 'pm_card_visa' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const from = new Date();
    const paid = [];
    for (let i = 0; i < 3; i += 1) {
      const { paymentIntentId } = await topUp();
      await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
      paid.push(paymentIntentId);
    }
    const unpaid = await topUp();
    const notOurs = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'usd',
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    // A refund in the period of a top-up made before it: its wallet comes from its PaymentIntent.
    const refund = await stripe.refunds.create({ payment_intent: older.paymentIntentId, amount: 25 });
    const to = new Date(Date.now() + 1000);
    const money = await gateway.listMoney({ from, to, disputesFrom: from });
    expect(money.payments.map((p) => p.paymentIntentId).sort()).toEqual([...paid].sort());
    expect(money.payments.every((p) => p.userId === 'user-1' && p.amountCents === 2050)).toBe(true);
    expect(money.payments.map((p) => p.paymentIntentId)).not.toContain(unpaid.paymentIntentId);
    expect(money.payments.map((p) => p.paymentIntentId)).not.toContain(notOurs.id);
    expect(money.refunds).toEqual([
      {
        refundId: refund.id,
        paymentIntentId: older.paymentIntentId,
        userId: 'user-1',
        amountCents: 25,
        status: 'succeeded',
      },
    ]);
    expect(money.disputes).toEqual([]);
    // The period is half-open on Stripe's whole seconds: nothing before `from` is listed.
    expect(
      (await gateway.listMoney({ from: new Date(0), to: from, disputesFrom: from })).payments.map(
        (p) => p.paymentIntentId,
      ),
    ).not.toContain(paid[0]);
  });

  it('tells the money of given top-ups whenever made, with pending refunds, and nothing of unknown or foreign ones', async () => {
    const { paymentIntentId } = await topUp();
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_pendingRefund' });
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 300 });
    const foreign = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'usd',
      confirm: true,
      payment_method: 'pm_card_visa',
    });
    const money = await gateway.moneyOf([paymentIntentId, 'pi_missing', foreign.id, paymentIntentId]);
    expect(money).toEqual({
      payments: [{ paymentIntentId, userId: 'user-1', amountCents: 2050 }],
      refunds: [{ refundId: refund.id, paymentIntentId, userId: 'user-1', amountCents: 300, status: 'pending' }],
      disputes: [],
    });
    await fetch(`${sandbox.url}/sandbox/refunds/${refund.id}/settle`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'failed' }),
    });
    expect((await gateway.moneyOf([paymentIntentId])).refunds[0]?.status).toBe('failed');
  });
});
