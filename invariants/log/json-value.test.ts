import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonProblem, locateJsonProblem } from './json-value.js';

/**
 * findJsonProblem answers "clean" from an allocation-free recursive walk and only runs the exact
 * explicit-stack walk when that walk cannot vouch for a value. Whatever the value, both must agree.
 */
const problemText = fc.constantFrom('-0', '-0.0', '1e999', '-1e999', '-1e-400', '0', '1.5', '"x"', 'null');
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    problemText,
    fc.array(tie('value'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom('a', 'b', '__proto__', 'x y', 'seq'), tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

describe('findJsonProblem', () => {
  it('agrees with the exact walk on any JSON value', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const value: unknown = JSON.parse(text);
        expect(findJsonProblem(value)).toEqual(locateJsonProblem(value));
      }),
      { seed: 20261130, numRuns: 2000 },
    );
  });

  it('agrees past the fast walk depth, and still without recursion limits', () => {
    for (const depth of [60, 70, 200, 100_000]) {
      const clean = JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
      const dirty = JSON.parse(`${'['.repeat(depth)}-0${']'.repeat(depth)}`);
      expect(findJsonProblem(clean)).toBeNull();
      expect(findJsonProblem(dirty)).toEqual(locateJsonProblem(dirty));
      expect(findJsonProblem(dirty)?.kind).toBe('negative-zero');
    }
  });
});
