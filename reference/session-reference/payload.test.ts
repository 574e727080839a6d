import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMPT_PREFIX, PROMPT_SUFFIX, renderPrompt } from './prompt.js';
import { stringifyTagSafeJson } from './tag-safe-json.js';
import type { ReferenceData } from './types.js';

const hostileText = fc.string({ unit: fc.oneof(fc.constantFrom('<', '</', '>', '</referenced-sessions>', '<system>', '\\u003c', '"', '\\'), fc.string({ unit: 'binary', maxLength: 3 })), maxLength: 12 });
const data: fc.Arbitrary<ReferenceData> = fc.record({
  sessionId: hostileText,
  label: hostileText,
  cwd: fc.option(hostileText, { nil: null }),
  capturedThroughSeq: fc.option(fc.nat(), { nil: null }),
  conversation: fc.array(fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), text: hostileText }), { maxLength: 4 }),
});

describe('the model-facing payload', () => {
  it('always parses back to the same value, and its JSON never contains "<"', () => {
    fc.assert(
      fc.property(fc.array(data, { minLength: 1, maxLength: 3 }), (references) => {
        const prompt = renderPrompt(references);
        expect(prompt.startsWith(PROMPT_PREFIX) && prompt.endsWith(PROMPT_SUFFIX)).toBe(true);
        const json = prompt.slice(PROMPT_PREFIX.length, prompt.length - PROMPT_SUFFIX.length);
        expect(json).not.toContain('<');
        expect(JSON.parse(json)).toEqual(references);
        expect(prompt.split('</referenced-sessions>')).toHaveLength(2);
      }),
      { seed: 31, numRuns: 500 },
    );
  });

  it('tag-safe JSON round-trips any JSON value and refuses what JSON cannot hold', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = stringifyTagSafeJson(value);
        expect(json).not.toContain('<');
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: 32, numRuns: 500 },
    );
    expect(() => stringifyTagSafeJson(undefined)).toThrow(/not JSON-serializable/);
  });
});
