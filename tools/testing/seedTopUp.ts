import type { Firestore } from 'firebase-admin/firestore';
import type { WalletStep } from '../../functions/src/domain/ledger';
import {
  commitToWallet,
  type CommitOutcome,
  type WalletCommit,
} from '../../functions/src/adapters/firestore/walletWriter';
import { creditStep } from '../../functions/src/adapters/firestore/wallets';
import { stripeClient, stripeSettingsFrom } from '../../functions/src/adapters/stripe/client';
import { stripeGateway } from '../../functions/src/adapters/stripe/gateway';

/**
 * The test kits' money, through the one wallet writer, as production commits it: so the business overview's figures
 * count it, and a real top-up in the stack's Stripe sandbox stands behind every deposit, so the nightly
 * reconciliation finds its PaymentIntent (docs/product.md#books-audited-every-night) instead of an alert per seeded
 * wallet. Needs the stack's STRIPE_* (`tools/stack/main.ts exec` sets them).
 */
export interface SeededCommit {
  userId: string;
  /** The top-up to pay in the sandbox and credit first; 0: none. */
  cents: number;
  /** The free predictions the wallet is set to before anything else; undefined: as it is. */
  free?: number;
  now: Date;
  /** What the wallet does with the money after the deposit, in the same commit (a seeded wallet's reservations). */
  steps?: readonly WalletStep[];
  alsoWrite?: WalletCommit<WalletStep>['alsoWrite'];
}

let sandbox:
  { gateway: ReturnType<typeof stripeGateway>; stripe: ReturnType<typeof stripeClient>; url: string } | undefined;
function stackSandbox() {
  const settings = stripeSettingsFrom(process.env);
  if (!settings?.apiUrl) throw new Error('Run through the local stack: it sets STRIPE_* and starts the Stripe sandbox');
  return (sandbox ??= { gateway: stripeGateway(settings), stripe: stripeClient(settings), url: settings.apiUrl });
}

/**
 * The kits' allowance, set before the money (no line, no money: the writer lets a step without a line change only
 * the free predictions), so that a test chooses how many of its predictions are free.
 */
const allowanceStep = (free: number): WalletStep => ({
  txId: null,
  decide: (wallet) =>
    wallet.freePredictions === free ? null : { wallet: { ...wallet, freePredictions: free }, transactions: [] },
});

/**
 * One writer commit of a seeded wallet: its allowance, its top-up's deposit and `steps`. The top-up is created in
 * the sandbox (as `POST /api/payments/create-intent` does, the user in its metadata), credited, and only then paid
 * with a test card: its `payment_intent.succeeded` webhook then always finds the deposit done (a replay), and the
 * line keeps the seeding's instant, whatever the webhook's timing. A card that fails throws.
 */
export async function seedWalletCommit(db: Firestore, seed: SeededCommit): Promise<CommitOutcome<WalletStep>> {
  const { userId, cents, free, now } = seed;
  const topUp =
    cents > 0
      ? await stackSandbox().gateway.createTopUp({
          userId,
          amountCents: cents,
          idempotencyKey: `seed-${userId}-${now.toISOString()}-${cents}`,
        })
      : null;
  const deposit =
    topUp && creditStep({ paymentIntentId: topUp.paymentIntentId, userId, amountCents: cents, succeeded: true }, now);
  const outcome = await commitToWallet(db, {
    userId,
    now,
    replayReadFirst: false,
    steps: [...(free === undefined ? [] : [allowanceStep(free)]), ...(deposit ? [deposit] : []), ...(seed.steps ?? [])],
    alsoWrite: seed.alsoWrite,
  });
  if (topUp)
    await stackSandbox().stripe.paymentIntents.confirm(topUp.paymentIntentId, { payment_method: 'pm_card_visa' });
  return outcome;
}

/**
 * Waits until the sandbox has delivered every event it sent (the seeded top-ups' webhooks, each a replay), so that
 * a benchmark times its run without them; throws after `timeoutMs` (the sandbox gives a failing delivery up).
 */
export async function webhooksDelivered(timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${stackSandbox().url}/sandbox/events`);
    const { data } = (await res.json()) as { data: { id: string; pending_webhooks: number }[] };
    const pending = data.filter((e) => e.pending_webhooks > 0);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`the sandbox still has ${pending.length} webhooks to deliver`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
