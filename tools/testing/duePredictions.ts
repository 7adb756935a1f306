import type { Firestore } from 'firebase-admin/firestore';
import { MODEL_LABELS, PREDICTION_FEE_CENTS, type DailyBar, type Prediction, type Wallet } from '@stockseer/contract';
import { addTradingDays } from '../../functions/src/domain/calendar';
import { ledgerTxId, payForPrediction } from '../../functions/src/domain/ledger';
import { seedWalletCommit } from './seedTopUp';

/**
 * Due predictions for maintenance tests and `bench:maintenance`: a wallet funded by one top-up paid in the stack's
 * Stripe sandbox, then `free` free and `paid` paid short-term predictions reserved by the ledger's own rule (the
 * `payForPrediction` a generate applies), all in one commit of the wallet writer (seedTopUp.ts), so the business
 * overview counts them as it counts a generate's; stored where and as the app stores them. One transaction per
 * wallet instead of one per prediction: a few thousand take seconds, not minutes. Outcomes are chosen by the hit
 * range, so a test knows which will hit.
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

export async function seedDueWallet(db: Firestore, spec: DueWalletSpec): Promise<Prediction[]> {
  const { userId, paid, free, origin, symbol, outcome } = spec;
  const now = new Date(`${origin.date}T21:00:00Z`);
  const targetDate = addTradingDays(origin.date, 7);
  const price = origin.close;
  const predictions = Array.from({ length: paid + free }, (_, i): Omit<Prediction, 'isFree'> => {
    const hit = outcome(i) === 'hit';
    return {
      id: `${userId}-p${String(i).padStart(5, '0')}`,
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
      userId,
      userEmail: `${userId}@maintenance.test`,
      createdAt: now.toISOString(),
    };
  });
  const reservations = predictions.map((p) => ({
    txId: ledgerTxId.reserve(p.id),
    decide: (wallet: Wallet) => payForPrediction(wallet, { predictionId: p.id, ticker: symbol, now }),
  }));
  let made: Prediction[] = [];
  await seedWalletCommit(db, {
    userId,
    cents: paid * PREDICTION_FEE_CENTS + (spec.spareCents ?? 0),
    free,
    now,
    steps: reservations,
    // Each prediction with its reservation, free or paid as the ledger decided, as a generate stores it.
    alsoWrite: (tx, applied) => {
      const decisions = new Map(applied.map((a) => [a.step, a.decision]));
      made = predictions.map((p, i) => ({
        ...p,
        isFree: decisions.get(reservations[i]!)!.transactions.some((t) => t.type === 'free_prediction'),
      }));
      for (const p of made) tx.set(db.collection('predictions').doc(p.id), { ...p, modelChoice: 'recommended' });
    },
  });
  return made;
}
