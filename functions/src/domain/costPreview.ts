/**
 * The price of the next click (issue 12): what generating would cost the wallet as it is now. It runs the ledger's
 * own rule (`payForPrediction`) without applying it, so the preview and generate cannot disagree.
 */
import { PREDICTION_FEE_CENTS, type PredictionCost, type Wallet } from '@stockseer/contract';
import { AppError } from './errors';
import { payForPrediction } from './ledger';

export function previewCost(
  wallet: Wallet,
  hitProbability: number,
  context: { ticker: string; now: Date },
): PredictionCost {
  try {
    const decision = payForPrediction(wallet, { predictionId: 'preview', ...context });
    if (decision.isFree) return { kind: 'free' };
    return {
      kind: 'reserve',
      amountCents: PREDICTION_FEE_CENTS,
      expectedCostCents: Math.round(PREDICTION_FEE_CENTS * hitProbability),
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'insufficient_funds') throw error;
    return {
      kind: 'insufficient',
      amountCents: PREDICTION_FEE_CENTS,
      balanceCents: wallet.balance,
      message: error.message,
    };
  }
}
