import { describe, expect, it } from 'vitest';
import { renderChart, renderMarkdown } from './report.js';
import { QUICK_SIZES, runScanBenchmark } from './index.js';
import { ScanResults } from './results.js';
import { IMPLEMENTATIONS, SHAPES, SOURCES } from './shapes.js';

/**
 * Keeps `npm run bench -- --quick` working in CI: the whole pipeline (generation, guard, tinybench
 * tasks, fits, rendering) on small sizes. Structure only — no timing is asserted.
 */
describe('scan benchmark, quick run', () => {
  it('produces a finite, positive figure for every source × shape × size × implementation', async () => {
    const results = await runScanBenchmark({ quick: true, log: () => {} });
    expect(() => ScanResults.parse(results)).not.toThrow();
    expect(results.settings.sizes).toEqual(QUICK_SIZES);
    for (const source of SOURCES) {
      for (const shape of SHAPES) {
        for (const size of QUICK_SIZES) {
          for (const implementation of IMPLEMENTATIONS) {
            const f = results.figures.filter((x) => x.source === source && x.shape === shape.id && x.size === size && x.implementation === implementation);
            expect(f, `${source} ${shape.id} ${size} ${implementation}`).toHaveLength(1);
            for (const value of [f[0].meanUs, f[0].p50Us, f[0].p99Us, f[0].maxUs]) {
              expect(Number.isFinite(value) && value > 0).toBe(true);
            }
            expect(f[0].events).toBeGreaterThanOrEqual(size);
          }
          const r = results.ratios.filter((x) => x.source === source && x.shape === shape.id && x.size === size);
          expect(r).toHaveLength(1);
          expect(Number.isFinite(r[0].upstreamOverReference) && r[0].upstreamOverReference > 0).toBe(true);
        }
        for (const implementation of IMPLEMENTATIONS) {
          const e = results.exponents.filter((x) => x.source === source && x.shape === shape.id && x.implementation === implementation);
          expect(e).toHaveLength(1);
          expect(Number.isFinite(e[0].exponent)).toBe(true);
        }
        expect(results.guard.filter((g) => g.source === source && g.shape === shape.id)).toHaveLength(1);
      }
    }
    expect(results.targets).toHaveLength(SOURCES.length * SHAPES.length);
    const md = renderMarkdown(results);
    const svg = renderChart(results);
    for (const shape of SHAPES) {
      expect(md).toContain(`| ${shape.id} |`);
      expect(svg).toContain(`reference · ${shape.id}`);
      expect(svg).toContain(`upstream · ${shape.id}`);
    }
  });
});
