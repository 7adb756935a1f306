/**
 * What XGBoost sees on day t: only closes up to and including t (never later), summarised as returns over several
 * spans, distance from moving averages, volatility and momentum. All are log-scale, so they compare across prices.
 */
import { assertInvariant } from '../errors';

/** Days of history the longest feature needs before day t. */
export const FEATURE_LOOKBACK = 200;

export const FEATURE_NAMES = [
  'return1',
  'return5',
  'return21',
  'momentum63',
  'momentum126',
  'maRatio10',
  'maRatio50',
  'maRatio200',
  'volatility21',
  'volatilityRatio21to63',
] as const;

/** Prefix sums make each moving average and volatility O(1) per day. */
export class FeatureSeries {
  private readonly logCloses: number[];
  private readonly priceSums: number[];
  private readonly returnSums: number[];
  private readonly squaredReturnSums: number[];

  constructor(closes: readonly number[]) {
    this.logCloses = closes.map(Math.log);
    this.priceSums = [0];
    this.returnSums = [0, 0];
    this.squaredReturnSums = [0, 0];
    closes.forEach((close, i) => {
      this.priceSums.push(this.priceSums[i]! + close);
      if (i === 0) return;
      const r = this.logCloses[i]! - this.logCloses[i - 1]!;
      this.returnSums.push(this.returnSums[i]! + r);
      this.squaredReturnSums.push(this.squaredReturnSums[i]! + r * r);
    });
  }

  get length(): number {
    return this.logCloses.length;
  }

  /** ln(close[t] / close[t - span]). */
  private change(t: number, span: number): number {
    return this.logCloses[t]! - this.logCloses[t - span]!;
  }

  /** ln(close[t] / mean of closes t-span+1..t). */
  private maRatio(t: number, span: number): number {
    const average = (this.priceSums[t + 1]! - this.priceSums[t + 1 - span]!) / span;
    return this.logCloses[t]! - Math.log(average);
  }

  /** Standard deviation of the daily returns ending at t (returns index i = change from i-1 to i). */
  private volatility(t: number, span: number): number {
    const sum = this.returnSums[t + 1]! - this.returnSums[t + 1 - span]!;
    const squares = this.squaredReturnSums[t + 1]! - this.squaredReturnSums[t + 1 - span]!;
    return Math.sqrt(Math.max(0, squares / span - (sum / span) ** 2));
  }

  /** The feature row of day t, in FEATURE_NAMES order. */
  row(t: number): number[] {
    assertInvariant(t >= FEATURE_LOOKBACK && t < this.length, () => `no features for day ${t}`);
    const volatility21 = this.volatility(t, 21);
    const volatility63 = this.volatility(t, 63);
    return [
      this.change(t, 1),
      this.change(t, 5),
      this.change(t, 21),
      this.change(t, 63),
      this.change(t, 126),
      this.maRatio(t, 10),
      this.maRatio(t, 50),
      this.maRatio(t, 200),
      volatility21,
      volatility63 > 0 ? volatility21 / volatility63 : 1,
    ];
  }

  /** Daily volatility over the `span` days ending at t, for scaling residuals. */
  dailyVolatility(t: number, span: number): number {
    return this.volatility(t, span);
  }

  /** The h-day log return from day t: what the model learns to predict. Only defined when t + h exists. */
  futureReturn(t: number, horizon: number): number {
    assertInvariant(t + horizon < this.length, () => `day ${t} + ${horizon} is beyond the series`);
    return this.logCloses[t + horizon]! - this.logCloses[t]!;
  }
}
