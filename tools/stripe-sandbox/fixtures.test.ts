import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from './server';
import { startSandboxWithClient } from './test-support';

/**
 * The sandbox held to Stripe's own example of every object (stripe/openapi's fixtures3.json, kept beside the
 * checkout): each field the sandbox answers is a field of Stripe's object, of the same kind.
 */
const fixturesPath = fileURLToPath(new URL('../../../shared/stripe/fixtures3.json', import.meta.url));

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startSandboxWithClient());
});
afterAll(() => sandbox.close());

/** Fields of API versions newer than the examples, which the SDK the functions use sends and reads. */
const NEWER_THAN_EXAMPLES: Record<string, string[]> = { payment_intent: ['allowed_payment_method_types'] };

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

/** Fields of `answer` that Stripe's `example` lacks, or holds as another kind (null stands for any kind). */
function unlike(type: string, answer: object, example: Record<string, unknown>): string[] {
  return Object.entries(answer).flatMap(([field, value]) => {
    if (NEWER_THAN_EXAMPLES[type]?.includes(field)) return [];
    if (!(field in example)) return [`${field} is not a field of Stripe's object`];
    const stripes = example[field];
    if (value === null || stripes === null || kindOf(value) === kindOf(stripes)) return [];
    return [`${field} is ${kindOf(value)}, Stripe's is ${kindOf(stripes)}`];
  });
}

describe.skipIf(!existsSync(fixturesPath))("the sandbox's objects against Stripe's examples", () => {
  it('has the PaymentIntent (open, canceled and paid), its charge, refund and dispute in Stripe shapes', async () => {
    const { resources } = JSON.parse(readFileSync(fixturesPath, 'utf8')) as {
      resources: Record<string, Record<string, unknown>>;
    };
    const topUp = { amount: 2500, currency: 'usd', metadata: { userId: 'u1' } };
    const open = await stripe.paymentIntents.create(topUp);
    const canceled = await stripe.paymentIntents.cancel(open.id);
    const paid = await stripe.paymentIntents.create({ ...topUp, payment_method: 'pm_card_visa', confirm: true });
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 100 });
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    const res = await fetch(`${sandbox.url}/sandbox/payment_intents/${paid.id}/dispute`, { method: 'POST' });
    const dispute = await stripe.disputes.retrieve(((await res.json()) as { id: string }).id);

    const checked: [string, object][] = [
      ['payment_intent', open],
      ['payment_intent', canceled],
      ['payment_intent', paid],
      ['charge', charge],
      ['refund', refund],
      ['dispute', dispute],
    ];
    for (const [type, answer] of checked) {
      // The SDK adds `lastResponse` to what it returns; it is not part of the object.
      const { lastResponse: _, ...object } = answer as { lastResponse?: unknown };
      expect(unlike(type, object, resources[type]!), type).toEqual([]);
    }
  });
});
