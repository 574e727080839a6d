import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { README_END, README_START, spliceBetweenMarkers } from './report.js';

const text = fc.string({ maxLength: 80 }).filter((s) => !s.includes('<!--'));

describe('README table splice', () => {
  it('appends a Benchmarks section with the markers when there are none, keeping the text', () => {
    fc.assert(
      fc.property(text, fc.string({ minLength: 1, maxLength: 40 }), (readme, table) => {
        const out = spliceBetweenMarkers(readme, table);
        expect(out.startsWith(readme)).toBe(true);
        expect(out).toContain(`## Benchmarks\n\n${README_START}\n${table}\n${README_END}\n`);
      }),
      { seed: 1 },
    );
  });

  it('replaces only what is between the markers, and is idempotent', () => {
    fc.assert(
      fc.property(text, text, fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (before, after, oldTable, table) => {
        const readme = `${before}${README_START}\n${oldTable}\n${README_END}${after}`;
        const once = spliceBetweenMarkers(readme, table);
        expect(once).toBe(`${before}${README_START}\n${table}\n${README_END}${after}`);
        expect(spliceBetweenMarkers(once, table)).toBe(once);
      }),
      { seed: 2 },
    );
  });
});
