import { TextRetainer } from '@deepseek-ai/dsh-output-retention';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retainHeadTail, truncateWithNotice } from './head-tail.js';

/** Text mixing 1-, 2-, 3- and 4-byte characters, occasionally a BOM and a lone surrogate. */
const text = fc.string({ unit: fc.constantFrom('a', 'é', '界', '😀', '\n', '\uFEFF', '\uD800', 'z'), maxLength: 60 });
const validText = fc.string({ unit: fc.constantFrom('a', 'é', '界', '😀', '\n', 'z'), maxLength: 60 });
const budget = fc.integer({ min: 0, max: 200 });
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('head/tail retention', () => {
  it('agrees with dsh-output-retention\'s headTail TextRetainer (text and exact omitted bytes)', () => {
    fc.assert(
      fc.property(text, budget, budget, (s, head, tail) => {
        const retainer = new TextRetainer({ kind: 'headTail', headBytes: head, tailBytes: tail });
        retainer.push(s);
        const theirs = retainer.finish();
        const ours = retainHeadTail(s, head, tail);
        expect(ours.text).toBe(theirs.text);
        expect(ours.omittedBytes).toBe(theirs.omittedBytes.kind === 'exact' ? theirs.omittedBytes.count : 0);
      }),
      { seed: 21, numRuns: 1000 },
    );
  });

  it('never splits a code point: the kept parts are a prefix and a suffix of the original', () => {
    fc.assert(
      fc.property(validText, budget, budget, (s, head, tail) => {
        const { text: kept, omittedBytes } = retainHeadTail(s, head, tail);
        expect(kept).not.toContain('\uFFFD');
        if (omittedBytes === 0) {
          expect(kept).toBe(s);
          return;
        }
        // Some split of the kept text is a prefix within `head` bytes plus a suffix within `tail` bytes.
        const points = [...kept];
        const splits = points.map((_, i) => i).concat(points.length);
        const valid = splits.some((k) => {
          const headPart = points.slice(0, k).join('');
          const tailPart = points.slice(k).join('');
          return s.startsWith(headPart) && s.endsWith(tailPart) && bytes(headPart) <= head && bytes(tailPart) <= tail;
        });
        expect(valid).toBe(true);
        expect(bytes(kept) + omittedBytes).toBe(bytes(s));
      }),
      { seed: 22, numRuns: 1000 },
    );
  });

  it('fits the target with the exact omission marker, or empties the text when nothing fits', () => {
    fc.assert(
      fc.property(validText, budget, (s, max) => {
        const result = truncateWithNotice(s, max);
        if (bytes(s) <= max) {
          expect(result).toEqual({ text: s, omittedBytes: 0 });
          return;
        }
        expect(bytes(result.text)).toBeLessThanOrEqual(max);
        if (result.text === '') expect(result.omittedBytes).toBe(bytes(s));
        else expect(result.text.endsWith(`\n[… omitted ${result.omittedBytes} UTF-8 bytes …]`)).toBe(true);
      }),
      { seed: 23, numRuns: 1000 },
    );
  });
});
