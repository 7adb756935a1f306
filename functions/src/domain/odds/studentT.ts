/**
 * The Student-t law, for forecasts of log prices: daily returns have fatter tails and a sharper centre than a
 * normal law of the same spread, and the chance of a hit is exactly the mass near the centre.
 */
import { assertInvariant } from '../errors';

/** ln Γ(x) for x > 0 (Lanczos, g = 7): accurate to about 1e-14, plenty for probabilities shown as whole percent. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction of the incomplete beta function (modified Lentz), valid for x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    for (const numerator of [
      (m * (b - m) * x) / ((a + m2 - 1) * (a + m2)),
      (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)),
    ]) {
      d = 1 + numerator * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + numerator / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T <= t) for a standard Student-t with `dof` degrees of freedom. */
export function studentTCdf(t: number, dof: number): number {
  assertInvariant(dof > 0 && !Number.isNaN(t), () => `Student-t CDF needs dof > 0 and a number, got ${dof}, ${t}`);
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = 0.5 * regularizedBeta(dof / (dof + t * t), dof / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The p-quantile of a standard Student-t, by bisection on the CDF (p in (0, 1)). */
export function studentTQuantile(p: number, dof: number): number {
  assertInvariant(p > 0 && p < 1, () => `quantile needs p in (0, 1), got ${p}`);
  let low = -1e3;
  let high = 1e3;
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, dof) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
