import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactNumber, decades, escapeXml, renderLogLogChart, type ChartSeries } from './svg-chart.js';

function polylinePoints(svg: string, label: string): Array<[number, number]> {
  const m = new RegExp(`data-label="${escapeXml(label).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]* points="([^"]*)"`).exec(svg);
  if (!m) throw new Error(`no polyline for ${label}`);
  return m[1].split(' ').map((p) => p.split(',').map(Number) as [number, number]);
}

const series = fc.array(
  fc.record({
    label: fc.string({ minLength: 1, maxLength: 12 }),
    ys: fc.array(fc.double({ min: 1e-2, max: 1e6, noNaN: true }), { minLength: 4, maxLength: 4 }),
  }),
  { minLength: 1, maxLength: 5 },
);

describe('renderLogLogChart', () => {
  it('draws every series with a legend entry; larger values sit higher and further right', () => {
    fc.assert(
      fc.property(series, (input) => {
        const xs = [1e3, 1e4, 1e5, 1e6];
        const s: ChartSeries[] = input.map((x, i) => ({ label: `${i}:${x.label}`, color: '#123456', points: x.ys.map((y, j) => ({ x: xs[j], y })) }));
        const svg = renderLogLogChart({ title: 'T', xLabel: 'events', yLabel: 'µs', panels: [{ title: 'p', series: s }] });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.trim().endsWith('</svg>')).toBe(true);
        expect((svg.match(/<g /g) ?? []).length).toBe((svg.match(/<\/g>/g) ?? []).length);
        for (const [i, x] of input.entries()) {
          const label = `${i}:${x.label}`;
          expect(svg).toContain(`>${escapeXml(label)}</text>`);
          const pts = polylinePoints(svg, label);
          expect(pts).toHaveLength(4);
          for (let j = 1; j < 4; j++) expect(pts[j][0]).toBeGreaterThan(pts[j - 1][0]);
          for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) if (x.ys[a] > x.ys[b] * 1.01) expect(pts[a][1]).toBeLessThan(pts[b][1]);
        }
      }),
      { seed: 3, numRuns: 60 },
    );
  });

  it('escapes markup in titles and labels', () => {
    const svg = renderLogLogChart({ title: 'a<b & "c"', xLabel: 'x', yLabel: 'y', panels: [{ title: '<p>', series: [{ label: '<s>', color: '#000', points: [{ x: 1, y: 1 }, { x: 10, y: 2 }] }] }] });
    expect(svg).not.toContain('<b ');
    expect(svg).toContain('a&lt;b &amp; &quot;c&quot;');
    expect(svg).toContain('&lt;s&gt;');
  });

  it('decades cover the range with powers of ten', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 1e8, noNaN: true }), fc.double({ min: 1, max: 1e4, noNaN: true }), (lo, k) => {
        const ticks = decades(lo, lo * k);
        expect(ticks[0]).toBeLessThanOrEqual(lo * (1 + 1e-12));
        expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(lo * k * (1 - 1e-12));
        expect(ticks.length).toBeGreaterThanOrEqual(2);
      }),
      { seed: 4 },
    );
    expect(compactNumber(1e6)).toBe('1e6');
    expect(compactNumber(100)).toBe('100');
    expect(compactNumber(1000)).toBe('1e3');
  });
});
