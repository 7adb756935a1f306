/**
 * Logistic regression by Newton's method (iteratively reweighted least squares): the calibration slope and
 * intercept of the odds report, and the fit of the calibration's coefficients (bench/odds/fit.ts).
 */

/** Solves A x = b for a small symmetric positive definite A (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = col + 1; row < n; row++) {
      const factor = m[row]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = m[row]![n]!;
    for (let k = row + 1; k < n; k++) sum -= m[row]![k]! * x[k]!;
    x[row] = sum / m[row]![row]!;
  }
  return x;
}

/**
 * Coefficients [intercept, ...one per column of `features`] maximising the likelihood of `outcomes` (0 or 1) under
 * P = 1 / (1 + exp(-(intercept + sum coefficient x feature))), each outcome counted `weights[i]` times (1 without
 * weights). `ridge` adds a tiny L2 penalty, so separable or constant data still give finite numbers.
 */
export function logisticRegression(
  features: readonly (readonly number[])[],
  outcomes: readonly number[],
  { ridge = 1e-6, iterations = 50, weights }: { ridge?: number; iterations?: number; weights?: readonly number[] } = {},
): number[] {
  const width = (features[0]?.length ?? 0) + 1;
  const beta = new Array<number>(width).fill(0);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    features.forEach((row, i) => {
      const x = [1, ...row];
      const z = x.reduce((sum, v, k) => sum + v * beta[k]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const weight = weights?.[i] ?? 1;
      const w = weight * p * (1 - p);
      for (let j = 0; j < width; j++) {
        gradient[j]! += weight * x[j]! * (outcomes[i]! - p);
        for (let k = 0; k < width; k++) hessian[j]![k]! += w * x[j]! * x[k]!;
      }
    });
    for (let j = 0; j < width; j++) {
      gradient[j]! -= ridge * beta[j]!;
      hessian[j]![j]! += ridge;
    }
    const step = solve(hessian, gradient);
    step.forEach((s, j) => (beta[j]! += s));
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return beta;
}
