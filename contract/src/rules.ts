/**
 * The product's fixed numbers that a page states in words, free of zod: the public track record page shows them
 * before the schemas have loaded (issue 24). The contract's index re-exports them where they belong.
 */

/** Forecast horizons in NYSE trading days. */
export const TIME_FRAME_DAYS = { short: 7, medium: 30, long: 90 } as const;

/**
 * Half-width of the hit range, as a fraction of the price at prediction: longer horizons get more room
 * (docs/product.md#hit-rule).
 */
export const HIT_BAND_FRACTION: Record<keyof typeof TIME_FRAME_DAYS, number> = {
  short: 0.02,
  medium: 0.04,
  long: 0.06,
};

/** Below this many resolved forecasts a model and time frame shows "Tracking", never figures (issue 12, issue 24). */
export const TRACK_RECORD_MIN_RESOLVED = 5;
