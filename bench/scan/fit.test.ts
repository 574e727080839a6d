import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitPowerLaw } from './fit.js';

const sizes = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 2, maxLength: 6 }).map((exps) => exps.map((e) => 10 ** e));

describe('fitPowerLaw', () => {
  it('recovers the exponent and coefficient of an exact power law (r² = 1)', () => {
    fc.assert(
      fc.property(sizes, fc.double({ min: -2, max: 3, noNaN: true }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (ns, exponent, coefficient) => {
        const fit = fitPowerLaw(ns.map((n) => ({ n, cost: coefficient * n ** exponent })));
        expect(fit.exponent).toBeCloseTo(exponent, 9);
        expect(fit.coefficient / coefficient).toBeCloseTo(1, 6);
        expect(fit.r2).toBeCloseTo(1, 9);
      }),
      { seed: 9, numRuns: 200 },
    );
  });

  it('scaling every cost changes the coefficient, never the exponent', () => {
    fc.assert(
      fc.property(sizes, fc.array(fc.double({ min: 0.1, max: 1e4, noNaN: true }), { minLength: 6, maxLength: 6 }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (ns, costs, k) => {
        const points = ns.map((n, i) => ({ n, cost: costs[i] }));
        const a = fitPowerLaw(points);
        const b = fitPowerLaw(points.map((p) => ({ n: p.n, cost: p.cost * k })));
        expect(b.exponent).toBeCloseTo(a.exponent, 9);
        expect(a.r2).toBeGreaterThanOrEqual(0);
        expect(a.r2).toBeLessThanOrEqual(1 + 1e-12);
      }),
      { seed: 10, numRuns: 200 },
    );
  });

  it('a constant cost has exponent 0; a full scan per step has exponent 1', () => {
    expect(fitPowerLaw([1e3, 1e4, 1e5].map((n) => ({ n, cost: 7 }))).exponent).toBeCloseTo(0, 12);
    expect(fitPowerLaw([1e3, 1e4, 1e5].map((n) => ({ n, cost: 3 + n / 10 }))).exponent).toBeGreaterThan(0.9);
  });

  it('regression (shrunk counterexample): costs equal up to rounding fit perfectly and flat', () => {
    const fit = fitPowerLaw([10, 100, 1000].map((n) => ({ n, cost: 5.278565658219061 * n ** 0 })));
    expect(fit.exponent).toBeCloseTo(0, 12);
    expect(fit.r2).toBe(1);
  });

  it('refuses what it cannot fit', () => {
    expect(() => fitPowerLaw([{ n: 10, cost: 1 }])).toThrow(RangeError);
    expect(() => fitPowerLaw([{ n: 10, cost: 1 }, { n: 10, cost: 2 }])).toThrow(/distinct/);
    expect(() => fitPowerLaw([{ n: 10, cost: 0 }, { n: 100, cost: 2 }])).toThrow(/positive/);
  });
});
