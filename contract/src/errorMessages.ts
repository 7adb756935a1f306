import { centsToDollars, PREDICTION_FEE_CENTS } from './wallet';
import { TOP_UP_DOLLARS } from './walletApi';

/**
 * The fixed user-facing error texts the API answers (as `{ message }`) and the web shows as they come: written once
 * here, imported by the functions that send them and by every test that expects them.
 */
export const ERROR_MESSAGES = {
  /**
   * 402: a generate the wallet cannot pay for (neither a free prediction nor $1 available). It says what the user can
   * do: the smallest top-up is $5, so "add at least $1" was not it (issue 23).
   */
  insufficientFunds: `Insufficient funds: this forecast reserves $${centsToDollars(PREDICTION_FEE_CENTS)}. Add funds to continue (top-ups start at $${centsToDollars(TOP_UP_DOLLARS.min * 100)}).`,
  /** 403: an admin route for a caller without the admin claim. */
  adminRequired: 'Admin access required',
  /** 503: the database out of reach after the client's own retries. */
  databaseUnavailable: 'Service temporarily unavailable: please try again in a moment',
  /** 500: a bug or an outage nobody classified; says nothing internal. */
  serverError: 'Something went wrong on our side. Please try again.',
  /** 400: an All User Predictions page asked to start after a prediction that is not there (or a malformed id). */
  predictionCursor: 'cursor must be the id of a prediction from the previous page',
  /** 400: a page of the Admin tab's alerts asked to start after an alert that is not there (or a malformed id). */
  alertCursor: 'cursor must be the id of an alert from the previous page',
} as const;

/** 429: a per-user limit reached; `seconds` is the Retry-After the answer carries. */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
}
