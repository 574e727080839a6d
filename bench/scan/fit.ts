/**
 * Growth exponent of cost against log length: the least-squares slope of log(cost) on log(n).
 * 0 means the cost does not grow with the log, 1 linear growth (a full scan per pre-step, so a
 * quadratic session), and so on. With only a handful of sizes this is a summary, not a model: r²
 * says how well one power law describes the points.
 */

export interface PowerLawFit {
  exponent: number;
  /** cost ≈ coefficient · n^exponent */
  coefficient: number;
  /** Coefficient of determination of the log-log line (1 when the points are exactly collinear; 1 too when all costs are equal). */
  r2: number;
}

export function fitPowerLaw(points: ReadonlyArray<{ n: number; cost: number }>): PowerLawFit {
  if (points.length < 2) throw new RangeError('fitPowerLaw needs at least two points');
  for (const p of points) {
    if (!(p.n > 0 && p.cost > 0 && Number.isFinite(p.n) && Number.isFinite(p.cost))) throw new RangeError(`fitPowerLaw needs positive finite points, got n=${p.n} cost=${p.cost}`);
  }
  const xs = points.map((p) => Math.log(p.n));
  const ys = points.map((p) => Math.log(p.cost));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
    syy += (ys[i] - my) ** 2;
  }
  if (sxx === 0) throw new RangeError('fitPowerLaw needs at least two distinct sizes');
  const exponent = sxy / sxx;
  const intercept = my - exponent * mx;
  // Costs equal up to rounding (log variance ~1e-30) are a perfect, flat fit, not an undefined one.
  const r2 = syy < 1e-12 ? 1 : Math.min(1, (sxy * sxy) / (sxx * syy));
  return { exponent, coefficient: Math.exp(intercept), r2 };
}
