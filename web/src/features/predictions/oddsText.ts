import {
  FREE_PREDICTIONS_PER_MONTH,
  PREDICTION_FEE_CENTS,
  TIME_FRAME_DAYS,
  TOP_UP_DOLLARS,
  type TimeFrame,
} from '@stockseer/contract';
import { formatCents, formatDate, formatPrice } from '../../lib/format';

export { hitChanceText } from '../../lib/hitChance';

/** Issue 12's texts (odds, cost of the next click, one forecast one charge), written once; tests import them. */
export const ODDS_TEXT = {
  previewLabel: 'Before you generate',
  previewLoading: 'Working out the chance of a hit and the cost...',
  previewFailed: 'The chance of a hit and the cost could not be worked out just now.',
  /** Issue 24: what a hit is, before the click, in the very numbers the prediction will store. */
  hitsIf: (symbol: string, hitLow: number, hitHigh: number, targetDate: string) =>
    `Hits if ${symbol} closes between ${formatPrice(hitLow)} and ${formatPrice(hitHigh)} on ${formatDate(targetDate)}`,
  free: (left: number) => `Free: ${left} of ${FREE_PREDICTIONS_PER_MONTH} left this month`,
  reserve: (amountCents: number, expectedCents: number) =>
    `${formatCents(amountCents)} reserved, charged only if it hits (expected cost ${formatCents(expectedCents)})`,
  minimumTopUp: `Top-ups start at ${formatCents(TOP_UP_DOLLARS.min * 100)}.`,
  addFunds: 'Add funds',
  duplicate: 'You already have this forecast',
  duplicateHint: 'Generating it again shows it and costs nothing.',
  confirmTitle: (amountCents: number) => `Reserve ${formatCents(amountCents)}?`,
  confirmBody: (amountCents: number, expectedCents: number | null) =>
    expectedCents === null
      ? `This forecast may reserve ${formatCents(amountCents)} from your wallet until its target date (its cost could not be checked just now). It is charged only if the forecast hits; otherwise it is released back to you.`
      : `This forecast reserves ${formatCents(amountCents)} from your wallet until its target date. It is charged only if the forecast hits (expected cost ${formatCents(expectedCents)}); otherwise it is released back to you.`,
  confirm: (amountCents: number) => `Reserve ${formatCents(amountCents)} and generate`,
  cancel: 'Cancel',
  driftBaseline: (percent: string) => `Drift forecast: ${percent}`,
  driftBaselineHint: 'The hit rate of extending the stock\u2019s long-run average daily move, on the same dates.',
  driftBaselineQuestion: 'What does the drift hit rate mean?',
  live: (resolved: number, hitPercent: string, expectedPercent: string | null) =>
    `Live: ${resolved} resolved, ${hitPercent} hit${expectedPercent === null ? '' : `, ${expectedPercent} expected`}`,
  liveHint: 'How users\u2019 own forecasts of this model and timeframe did once their target date passed.',
  liveQuestion: 'What does the live record mean?',
  tracking: 'Tracking',
  trackingHint: (needed: number) => `Users\u2019 own forecasts are shown here once ${needed} have resolved.`,
  trackingQuestion: 'What does \u201cTracking\u201d mean?',
  /**
   * The info note with the caller's real allowance once it is known (a generic wording until then); with none left,
   * what every forecast does now, not "after that".
   */
  infoNote: (timeFrame: TimeFrame, allowance?: { freeLeft: number; resetDate: string }) => {
    const days = `Predicts the closing price ${TIME_FRAME_DAYS[timeFrame]} trading days ahead.`;
    const fee = `${formatCents(PREDICTION_FEE_CENTS)} is reserved from your wallet until the target date: charged if the prediction hits, otherwise released back to you.`;
    if (!allowance)
      return `${days} You get ${FREE_PREDICTIONS_PER_MONTH} free predictions per month; after that, ${fee}`;
    const renewed = `renewed on ${formatDate(allowance.resetDate)}`;
    return allowance.freeLeft === 0
      ? `${days} You have no free predictions left this month (${renewed}): each forecast reserves ${formatCents(PREDICTION_FEE_CENTS)} from your wallet until the target date, charged if it hits, otherwise released back to you.`
      : `${days} You have ${allowance.freeLeft} of ${FREE_PREDICTIONS_PER_MONTH} free predictions left this month (${renewed}); after that, ${fee}`;
  },
} as const;
