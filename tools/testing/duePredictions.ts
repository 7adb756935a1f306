import type { Firestore } from 'firebase-admin/firestore';
import { MODEL_LABELS, type DailyBar, type Prediction, type Transaction, type Wallet } from '@stockseer/contract';
import { addTradingDays } from '../../functions/src/domain/calendar';
import { deposit, newWallet, payForPrediction } from '../../functions/src/domain/ledger';

/**
 * Due predictions for maintenance tests and `bench:maintenance`: a wallet funded by one deposit, then `free` free and
 * `paid` paid short-term predictions made with the ledger's own rules (the same `payForPrediction` a generate
 * applies), stored where and as the app stores them. Batched writes instead of one transaction per prediction: a
 * few thousand take seconds, not minutes. Outcomes are chosen by the hit range, so a test knows which will hit.
 */
export interface DueWalletSpec {
  userId: string;
  paid: number;
  free: number;
  /** The close the predictions were made on; their target date is 7 trading days later. */
  origin: DailyBar;
  symbol: string;
  outcome: (index: number) => 'hit' | 'missed';
  /** Extra cents beyond what the paid ones reserve. */
  spareCents?: number;
}

const WRITES_PER_BATCH = 450;

export async function seedDueWallet(db: Firestore, spec: DueWalletSpec): Promise<Prediction[]> {
  const { userId, paid, free, origin, symbol, outcome } = spec;
  const now = new Date(`${origin.date}T21:00:00Z`);
  let wallet: Wallet = { ...newWallet(userId, now), freePredictions: free };
  const transactions: Transaction[] = [];
  const predictions: Prediction[] = [];
  if (paid + (spec.spareCents ?? 0) > 0) {
    const funded = deposit(wallet, {
      paymentIntentId: `pi_seed_${userId}`,
      amountCents: paid * 100 + (spec.spareCents ?? 0),
      now,
    });
    wallet = funded.wallet;
    transactions.push(...funded.transactions);
  }
  const targetDate = addTradingDays(origin.date, 7);
  for (let i = 0; i < paid + free; i++) {
    const id = `${userId}-p${String(i).padStart(5, '0')}`;
    const decision = payForPrediction(wallet, { predictionId: id, ticker: symbol, now });
    wallet = decision.wallet;
    transactions.push(...decision.transactions);
    const price = origin.close;
    const hit = outcome(i) === 'hit';
    predictions.push({
      id,
      symbol,
      modelId: 'naive',
      modelName: MODEL_LABELS.naive,
      timeFrame: 'short',
      predictionType: 'future',
      predictionDate: origin.date,
      priceAtPrediction: price,
      targetDate,
      targetPrice: price,
      lowerPrice: price * 0.95,
      upperPrice: price * 1.05,
      // Any close lies in [0.01, 1e9]; none in [1e8, 1e9].
      hitLow: hit ? 0.01 : 1e8,
      hitHigh: 1e9,
      hitProbability: null,
      actualPrice: null,
      status: 'active',
      isFree: decision.isFree,
      userId,
      userEmail: `${userId}@maintenance.test`,
      createdAt: now.toISOString(),
    });
  }

  const writes: ((batch: FirebaseFirestore.WriteBatch) => void)[] = [
    ...transactions.map((t) => (b: FirebaseFirestore.WriteBatch) => b.set(db.collection('transactions').doc(t.id), t)),
    ...predictions.map(
      (p) => (b: FirebaseFirestore.WriteBatch) =>
        b.set(db.collection('predictions').doc(p.id), { ...p, modelChoice: 'recommended' }),
    ),
    (b) => b.set(db.collection('wallets').doc(userId), wallet),
  ];
  for (let i = 0; i < writes.length; i += WRITES_PER_BATCH) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + WRITES_PER_BATCH)) write(batch);
    await batch.commit();
  }
  return predictions;
}
