import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxWithClient } from './test-support';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('lists, through the real stripe SDK', () => {
  it('pages PaymentIntents, refunds and disputes newest first, within a created range, as auto-pagination walks them', async () => {
    const { sandbox, stripe } = await startSandboxWithClient({});
    closers.push(sandbox.close);
    const before = Math.floor(Date.now() / 1000) - 1;
    const paid = [];
    for (let i = 0; i < 7; i += 1) {
      const intent = await stripe.paymentIntents.create({
        amount: 500 + i,
        currency: 'usd',
        metadata: { userId: 'u' },
      });
      paid.push(await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    }
    await stripe.refunds.create({ payment_intent: paid[1]!.id, amount: 100 });
    await stripe.refunds.create({ payment_intent: paid[2]!.id });
    await fetch(`${sandbox.url}/sandbox/payment_intents/${paid[3]!.id}/dispute`, { method: 'POST' });

    const page = await stripe.paymentIntents.list({ limit: 3 });
    expect(page.data.map((p) => p.id)).toEqual(
      paid
        .slice(4)
        .reverse()
        .map((p) => p.id),
    );
    expect(page.has_more).toBe(true);
    const walked = [];
    for await (const intent of stripe.paymentIntents.list({ limit: 3, created: { gte: before } }))
      walked.push(intent.id);
    expect(walked).toEqual(paid.map((p) => p.id).reverse());
    const refunds = [];
    for await (const refund of stripe.refunds.list({ limit: 1, created: { gte: before } })) refunds.push(refund);
    expect(refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [paid[2]!.id, 502],
      [paid[1]!.id, 100],
    ]);
    const disputes = await stripe.disputes.list({ created: { gte: before } });
    expect(disputes.data.map((d) => [d.payment_intent, d.amount])).toEqual([[paid[3]!.id, 503]]);

    // A range that ends before they were made lists nothing; a bad limit is Stripe's 400.
    expect((await stripe.paymentIntents.list({ created: { lt: before } })).data).toEqual([]);
    await expect(stripe.paymentIntents.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400 });
  });
});
